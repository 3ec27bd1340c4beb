// Recovery step 1: the account's e-mail.
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/button/Button.tsx';
import { TextField } from '../../../../components/text-field/TextField.tsx';
import type { Field } from '../../hooks/use-field.ts';

export function EmailStep({ email, onSubmit }: { readonly email: Field; readonly onSubmit: () => void }) {
  const { t } = useTranslation('auth');
  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (email.valid) onSubmit();
  };
  return (
    <form className="auth-form" noValidate onSubmit={onFormSubmit}>
      <TextField
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        autoFocus
        value={email.value}
        onChange={(event) => email.set(event.currentTarget.value)}
        onBlur={email.touch}
        error={email.error}
      />
      <div className="auth-form__actions">
        <Button type="submit" block disabled={!email.valid}>
          {t('common:actions.continue')}
        </Button>
      </div>
    </form>
  );
}
