// Register step 1 (spec §2): e-mail, password and the two consent checkboxes, both on by default.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/button/Button.tsx';
import { Checkbox } from '../../../../components/checkbox/Checkbox.tsx';
import { PasswordField } from '../../../../components/text-field/PasswordField.tsx';
import { TextField } from '../../../../components/text-field/TextField.tsx';
import { ApiError } from '../../../../lib/api/errors.ts';
import { useErrorText } from '../../../../lib/api/use-error-text.ts';
import type { Field } from '../../hooks/use-field.ts';
import { useSubmit } from '../../hooks/use-submit.ts';

export interface Consents {
  readonly shareData: boolean;
  readonly recieveUpdates: boolean;
}

export interface BasicInfoStepProps {
  readonly email: Field;
  readonly password: Field;
  readonly consents: Consents;
  readonly onConsentsChange: (consents: Consents) => void;
  readonly onSubmit: () => Promise<unknown>;
}

export function BasicInfoStep({ email, password, consents, onConsentsChange, onSubmit }: BasicInfoStepProps) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText('auth');
  const submit = useSubmit();
  // A rule only the server knows (the common passwords), shown on the field until it changes.
  const [refusal, setRefusal] = useState<string>();
  const valid = email.valid && password.valid && refusal === undefined;

  const onFormSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    await submit.run(onSubmit, (error) => {
      const item = error instanceof ApiError ? error.items[0] : undefined;
      if (item?.field !== 'password') return false;
      setRefusal(errorText.ofError(error));
      return true;
    });
  };

  return (
    <form className="auth-form" noValidate onSubmit={onFormSubmit}>
      <TextField
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={email.value}
        onChange={(event) => email.set(event.currentTarget.value)}
        onBlur={email.touch}
        error={email.error}
      />
      <PasswordField
        label={t('fields.password')}
        autoComplete="new-password"
        value={password.value}
        onChange={(event) => {
          setRefusal(undefined);
          password.set(event.currentTarget.value);
        }}
        onBlur={password.touch}
        error={password.error ?? refusal}
        hint={t('register.passwordHint')}
      />
      <Checkbox
        label={t('register.shareData')}
        checked={consents.shareData}
        onChange={(event) => onConsentsChange({ ...consents, shareData: event.currentTarget.checked })}
      />
      <Checkbox
        label={t('register.recieveUpdates')}
        checked={consents.recieveUpdates}
        onChange={(event) => onConsentsChange({ ...consents, recieveUpdates: event.currentTarget.checked })}
      />
      <div className="auth-form__actions">
        <Button type="submit" block disabled={!valid} loading={submit.pending}>
          {t('register.sendEmailCode')}
        </Button>
      </div>
    </form>
  );
}
