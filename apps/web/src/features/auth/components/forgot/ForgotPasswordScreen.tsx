// Password recovery (spec §2): e-mail, a code by e-mail or by mobile (with the phone when mobile),
// the code, then the new password twice.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { forgotSteps, type ForgotStep } from '../../model/steps.ts';
import { AuthCard } from '../AuthCard.tsx';
import { CodeStep } from '../CodeStep.tsx';
import { PhoneStep } from '../PhoneStep.tsx';
import { EmailStep } from './EmailStep.tsx';
import { MethodStep } from './MethodStep.tsx';
import { NewPasswordStep } from './NewPasswordStep.tsx';
import { usePasswordRecovery } from './use-password-recovery.ts';

export function ForgotPasswordScreen() {
  const { t } = useTranslation('auth');
  const flow = usePasswordRecovery();
  const body: Record<ForgotStep, () => ReactNode> = {
    email: () => <EmailStep email={flow.email} onSubmit={flow.toMethod} />,
    method: () => <MethodStep method={flow.method} onBack={flow.back} onSubmit={flow.chooseMethod} />,
    phone: () => (
      <PhoneStep
        initial={flow.phone?.entered}
        submitLabel={t('forgot.sendCode')}
        onBack={flow.back}
        onSubmit={flow.sendToPhone}
      />
    ),
    code: () => (
      <CodeStep
        destination={flow.destination}
        label={flow.method === 'mobile' ? t('fields.phoneCode') : t('fields.emailCode')}
        submitLabel={t('forgot.verify')}
        quietResendErrors={flow.method === 'mobile'}
        onResend={flow.resend}
        onBack={flow.back}
        onSubmit={flow.verify}
      />
    ),
    password: () => <NewPasswordStep onSubmit={flow.save} />,
  };
  const steps = forgotSteps(flow.method);
  return (
    <AuthCard
      title={t(`forgot.titles.${flow.step}`)}
      subtitle={t(`forgot.subtitles.${flow.step}`)}
      step={{ current: steps.indexOf(flow.step) + 1, total: steps.length }}
      footer={
        <>
          <span>{t('forgot.remembered')}</span>
          <Link to="/auth/login" className="auth-link">
            {t('register.login')}
          </Link>
        </>
      }
    >
      {body[flow.step]()}
    </AuthCard>
  );
}
