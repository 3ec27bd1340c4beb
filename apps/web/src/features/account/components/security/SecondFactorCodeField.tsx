// The current six-digit code from the customer's authenticator app, asked wherever a change to the
// account's security needs the second factor (PIN set and change, 2FA off, withdrawal 2FA).
import { useTranslation } from 'react-i18next';
import { CodeInput } from '../../../../components/code-input/CodeInput.tsx';
import { OTP_CODE_LENGTH } from '../../../../lib/constants.ts';
import type { Field } from '../../hooks/use-field.ts';

export function SecondFactorCodeField({ code }: { readonly code: Field }) {
  const { t } = useTranslation('account');
  return (
    <CodeInput
      label={t('fields.totp')}
      length={OTP_CODE_LENGTH}
      value={code.value}
      onValueChange={code.set}
      error={code.error}
    />
  );
}
