// Step one of turning authenticator 2FA on: the key as a QR code and as text (for typing by hand,
// with copy), then the first 6-digit code the app shows, which confirms the key.
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QRCodeSVG } from 'qrcode.react';
import { Button } from '../../../../components/button/Button.tsx';
import { CodeInput } from '../../../../components/code-input/CodeInput.tsx';
import { OTP_CODE_LENGTH } from '../../../../lib/constants.ts';
import type { TwoFactorKey } from '../../api/two-factor.ts';
import { useField } from '../../hooks/use-field.ts';
import { compactSecret, groupSecret, validateTotp } from '../../model/totp.ts';
import { CopyButton } from '../../../../components/copy-button/CopyButton.tsx';
import { FormError } from '../common/FormError.tsx';

export interface SetupKeyStepProps {
  readonly twoFactorKey: TwoFactorKey;
  readonly confirming: boolean;
  readonly error: string | null;
  readonly onConfirm: (code: string) => Promise<boolean>;
}

export function SetupKeyStep({ twoFactorKey, confirming, error, onConfirm }: SetupKeyStepProps) {
  const { t } = useTranslation('account');
  const code = useField(validateTotp);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // A wrong code is cleared so the next one from the app can be typed straight away.
    if (code.valid && !(await onConfirm(code.value))) code.reset();
  };

  return (
    <form className="account-setup" noValidate onSubmit={(event) => void submit(event)}>
      <div className="account-setup__key">
        <div className="account-qr">
          <QRCodeSVG
            value={twoFactorKey.otpauthUrl}
            size={152}
            marginSize={1}
            bgColor="#ffffff"
            fgColor="#0b0f17"
            title={t('twoFactor.setup.qrLabel')}
          />
        </div>
        <div className="account-secret">
          <p className="account-secret__scan">{t('twoFactor.setup.scan')}</p>
          <p className="account-secret__label">{t('twoFactor.setup.cannotScan')}</p>
          <code className="account-secret__value" data-testid="totp-secret">
            {groupSecret(twoFactorKey.secret)}
          </code>
          <CopyButton text={compactSecret(twoFactorKey.secret)} label={t('twoFactor.setup.copyKey')} />
        </div>
      </div>
      <CodeInput
        label={t('twoFactor.setup.codeLabel')}
        hint={t('twoFactor.setup.codeHint')}
        length={OTP_CODE_LENGTH}
        value={code.value}
        onValueChange={code.set}
        error={code.error}
      />
      <FormError message={error} />
      <Button type="submit" block disabled={!code.valid} loading={confirming}>
        {t('twoFactor.setup.confirm')}
      </Button>
    </form>
  );
}
