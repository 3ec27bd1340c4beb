// Registration in the four steps of spec §2: basic info, e-mail code, phone number, phone code, with
// the prompt to finish the whole process and a link to login.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Info } from 'lucide-react';
import { formatPhone } from '../../model/phone.ts';
import { REGISTER_STEPS, registerStepNumber, type RegisterStep } from '../../model/steps.ts';
import { AuthCard } from '../AuthCard.tsx';
import { CodeStep } from '../CodeStep.tsx';
import { PhoneStep } from '../PhoneStep.tsx';
import { BasicInfoStep } from './BasicInfoStep.tsx';
import { useRegistration } from './use-registration.ts';

export function RegisterScreen() {
  const { t } = useTranslation('auth');
  const flow = useRegistration();
  const body: Record<RegisterStep, () => ReactNode> = {
    basic: () => (
      <BasicInfoStep
        email={flow.email}
        password={flow.password}
        consents={flow.consents}
        onConsentsChange={flow.setConsents}
        onSubmit={flow.sendEmail}
      />
    ),
    emailCode: () => (
      <CodeStep
        destination={flow.address}
        label={t('fields.emailCode')}
        submitLabel={t('register.verifyEmail')}
        onSubmit={flow.verifyEmailCode}
        onResend={flow.resendEmail}
        onBack={flow.back}
      />
    ),
    phone: () => (
      <PhoneStep
        initial={flow.phone?.entered}
        submitLabel={t('register.sendPhoneCode')}
        onSubmit={flow.sendPhone}
        onBack={flow.back}
      />
    ),
    phoneCode: () => (
      <CodeStep
        destination={flow.phone ? formatPhone(flow.phone.value) : ''}
        label={t('fields.phoneCode')}
        submitLabel={t('register.finish')}
        onSubmit={flow.finish}
        onResend={flow.resendPhone}
        quietResendErrors
        onBack={flow.back}
      />
    ),
  };

  return (
    <AuthCard
      title={t(`register.titles.${flow.step}`)}
      subtitle={t(`register.subtitles.${flow.step}`)}
      step={{ current: registerStepNumber(flow.step), total: REGISTER_STEPS.length }}
      footer={
        <>
          <span>{t('register.haveAccount')}</span>
          <Link to="/auth/login" className="auth-link">
            {t('register.login')}
          </Link>
        </>
      }
    >
      <p className="auth-notice">
        <Info size={16} aria-hidden="true" />
        <span>{t('register.finishWarning')}</span>
      </p>
      {body[flow.step]()}
    </AuthCard>
  );
}
