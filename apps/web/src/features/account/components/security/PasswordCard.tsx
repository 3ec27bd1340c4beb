// Changing the password: the current one, then the new one twice, checked as typed (spec §5: at
// least 8 characters, 'Passwords do not match', different from the current one). The API signs
// every other device out, which the success message says.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LockKeyhole } from 'lucide-react';
import { Button } from '../../../../components/button/Button.tsx';
import { PasswordField } from '../../../../components/text-field/PasswordField.tsx';
import { useChangePassword } from '../../api/password.ts';
import { runAction } from '../../api/run-action.ts';
import {
  isPasswordChangeValid,
  validatePasswordChange,
  type PasswordChangeField,
  type PasswordChangeInput,
} from '../../model/password-change.ts';
import { SettingsCard } from '../common/SettingsCard.tsx';

const EMPTY: PasswordChangeInput = { current: '', next: '', repeat: '' };
const NO_TOUCH: Record<PasswordChangeField, boolean> = { current: false, next: false, repeat: false };

export function PasswordCard() {
  const { t } = useTranslation('account');
  const change = useChangePassword();
  const [input, setInput] = useState(EMPTY);
  const [touched, setTouched] = useState(NO_TOUCH);
  const errors = validatePasswordChange(input);
  const valid = isPasswordChangeValid(input);

  const field = (name: PasswordChangeField) => ({
    value: input[name],
    error: touched[name] && errors[name] ? t(errors[name]) : undefined,
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const value = event.currentTarget.value;
      setInput((previous) => ({ ...previous, [name]: value }));
      setTouched((previous) => ({ ...previous, [name]: true }));
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    if (await runAction(() => change.mutateAsync(input), t('password.changed'))) {
      setInput(EMPTY);
      setTouched(NO_TOUCH);
    }
  };

  return (
    <SettingsCard title={t('password.title')} description={t('password.description')} icon={<LockKeyhole size={20} />}>
      <form className="account-form" noValidate onSubmit={(event) => void submit(event)} data-testid="password-form">
        <PasswordField label={t('fields.currentPassword')} autoComplete="current-password" {...field('current')} />
        <div className="account-form__fields">
          <PasswordField
            label={t('fields.newPassword')}
            hint={t('password.rules')}
            autoComplete="new-password"
            {...field('next')}
          />
          <PasswordField label={t('fields.repeatPassword')} autoComplete="new-password" {...field('repeat')} />
        </div>
        <div className="account-actions">
          <Button type="submit" disabled={!valid} loading={change.isPending}>
            {t('password.submit')}
          </Button>
        </div>
      </form>
    </SettingsCard>
  );
}
