// Withdrawal 2FA: when on, every withdrawal asks for the authenticator code. It needs authenticator
// 2FA; turning it on is one tap, turning it off asks for a current code.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@rora/contracts';
import { Button } from '../../../../components/button/Button.tsx';
import { CodeInput } from '../../../../components/code-input/CodeInput.tsx';
import { Dialog } from '../../../../components/dialog/Dialog.tsx';
import { OTP_CODE_LENGTH } from '../../../../lib/constants.ts';
import { runAction } from '../../api/run-action.ts';
import { useWithdrawalTwoFactor } from '../../api/withdrawal-two-factor.ts';
import { useDialogAction } from '../../hooks/use-action.ts';
import { useField } from '../../hooks/use-field.ts';
import { validateTotp } from '../../model/totp.ts';
import { FormError } from '../common/FormError.tsx';
import { Switch } from '../common/Switch.tsx';

export function WithdrawalTwoFactor({ user }: { readonly user: User }) {
  const { t } = useTranslation('account');
  const change = useWithdrawalTwoFactor();
  const [asking, setAsking] = useState(false);
  const code = useField(validateTotp);
  const action = useDialogAction();

  const close = () => {
    code.reset();
    action.clear();
    setAsking(false);
  };

  const turnOn = () => runAction(() => change.mutateAsync({ status: true }), t('withdrawal.enabled'));

  const turnOff = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.valid) return;
    if (await action.run(() => change.mutateAsync({ status: false, token: code.value }), t('withdrawal.disabled')))
      close();
  };

  return (
    <>
      <Switch
        label={t('withdrawal.label')}
        description={user.twoFactorEnabled ? t('withdrawal.description') : t('withdrawal.needsTwoFactor')}
        checked={user.withdrawal2faEnabled}
        disabled={!user.twoFactorEnabled || change.isPending}
        busy={change.isPending}
        onChange={(next) => (next ? void turnOn() : setAsking(true))}
      />
      <Dialog
        open={asking}
        onOpenChange={(next) => (next ? undefined : close())}
        title={t('withdrawal.disableTitle')}
        description={t('withdrawal.disableDescription')}
        closeLabel={t('actions.close')}
        className="account-dialog"
      >
        <form className="account-form" noValidate onSubmit={(event) => void turnOff(event)}>
          <CodeInput
            label={t('fields.totp')}
            length={OTP_CODE_LENGTH}
            value={code.value}
            onValueChange={code.set}
            error={code.error}
          />
          <FormError message={action.error} />
          <Button type="submit" variant="danger" block disabled={!code.valid} loading={change.isPending}>
            {t('withdrawal.disableSubmit')}
          </Button>
        </form>
      </Dialog>
    </>
  );
}
