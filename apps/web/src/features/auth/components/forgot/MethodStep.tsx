// Recovery step 2 (spec §2): a code by e-mail or by mobile.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Mail, Smartphone } from 'lucide-react';
import { Button } from '../../../../components/button/Button.tsx';
import { useSubmit } from '../../hooks/use-submit.ts';
import type { RecoveryMethod } from '../../model/steps.ts';

export interface MethodStepProps {
  readonly method: RecoveryMethod;
  readonly onSubmit: (method: RecoveryMethod) => Promise<unknown>;
  readonly onBack: () => void;
}

export function MethodStep({ method: initial, onSubmit, onBack }: MethodStepProps) {
  const { t } = useTranslation('auth');
  const [method, setMethod] = useState<RecoveryMethod>(initial);
  const submit = useSubmit();
  const onFormSubmit = async (event: FormEvent) => {
    event.preventDefault();
    await submit.run(() => onSubmit(method));
  };
  return (
    <form className="auth-form" noValidate onSubmit={onFormSubmit}>
      <fieldset className="method-choice">
        <legend>{t('forgot.methodLegend')}</legend>
        <label>
          <input
            type="radio"
            name="method"
            value="email"
            checked={method === 'email'}
            onChange={() => setMethod('email')}
          />
          <Mail size={20} aria-hidden="true" />
          <span>{t('forgot.byEmail')}</span>
        </label>
        <label>
          <input
            type="radio"
            name="method"
            value="mobile"
            checked={method === 'mobile'}
            onChange={() => setMethod('mobile')}
          />
          <Smartphone size={20} aria-hidden="true" />
          <span>{t('forgot.byMobile')}</span>
        </label>
      </fieldset>
      <div className="auth-form__actions">
        <Button type="submit" block loading={submit.pending}>
          {method === 'email' ? t('forgot.sendCode') : t('common:actions.continue')}
        </Button>
        <Button variant="ghost" block onClick={onBack} disabled={submit.pending}>
          {t('common:actions.back')}
        </Button>
      </div>
    </form>
  );
}
