// Recovery's last step (spec §2, §5): the new password twice; 'Passwords do not match' as you type.
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/button/Button.tsx';
import { PasswordField } from '../../../../components/text-field/PasswordField.tsx';
import { useField } from '../../hooks/use-field.ts';
import { useSubmit } from '../../hooks/use-submit.ts';
import { validateNewPassword, validateRepeatPassword } from '../../model/validation.ts';

export interface NewPasswordStepProps {
  readonly onSubmit: (password: string, confirmPassword: string) => Promise<unknown>;
}

export function NewPasswordStep({ onSubmit }: NewPasswordStepProps) {
  const { t } = useTranslation('auth');
  const password = useField('', validateNewPassword);
  const repeat = useField('', (value) => validateRepeatPassword(password.value, value));
  const submit = useSubmit();
  const valid = password.valid && repeat.valid;
  const onFormSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (valid) await submit.run(() => onSubmit(password.value, repeat.value));
  };
  return (
    <form className="auth-form" noValidate onSubmit={onFormSubmit}>
      <PasswordField
        label={t('fields.newPassword')}
        autoComplete="new-password"
        autoFocus
        value={password.value}
        onChange={(event) => password.set(event.currentTarget.value)}
        onBlur={password.touch}
        error={password.error}
        hint={t('register.passwordHint')}
      />
      <PasswordField
        label={t('fields.repeatPassword')}
        autoComplete="new-password"
        value={repeat.value}
        onChange={(event) => repeat.set(event.currentTarget.value)}
        onBlur={repeat.touch}
        error={repeat.error}
      />
      <div className="auth-form__actions">
        <Button type="submit" block disabled={!valid} loading={submit.pending}>
          {t('forgot.save')}
        </Button>
      </div>
    </form>
  );
}
