// Withdrawal 2FA: when on, every withdrawal asks for the authenticator code. It needs authenticator
// 2FA, and turning it on or off asks for a current code (a stolen session alone cannot change it).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@rora/contracts';
import { Button } from '../../../../components/button/Button.tsx';
import { Dialog } from '../../../../components/dialog/Dialog.tsx';
import { useWithdrawalTwoFactor } from '../../api/withdrawal-two-factor.ts';
import { useDialogAction } from '../../hooks/use-action.ts';
import { useField } from '../../hooks/use-field.ts';
import { validateTotp } from '../../model/totp.ts';
import { FormError } from '../common/FormError.tsx';
import { Switch } from '../common/Switch.tsx';
import { SecondFactorCodeField } from './SecondFactorCodeField.tsx';

export function WithdrawalTwoFactor({ user }: { readonly user: User }) {
  const { t } = useTranslation('account');
  const change = useWithdrawalTwoFactor();
  /** The status the customer is switching to, while the dialog asks for the code. */
  const [target, setTarget] = useState<boolean | null>(null);
  const code = useField(validateTotp);
  const action = useDialogAction();

  const close = () => {
    code.reset();
    action.clear();
    setTarget(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.valid || target === null) return;
    const done = target ? t('withdrawal.enabled') : t('withdrawal.disabled');
    if (await action.run(() => change.mutateAsync({ status: target, token: code.value }), done)) close();
  };

  return (
    <>
      <Switch
        label={t('withdrawal.label')}
        description={user.twoFactorEnabled ? t('withdrawal.description') : t('withdrawal.needsTwoFactor')}
        checked={user.withdrawal2faEnabled}
        disabled={!user.twoFactorEnabled || change.isPending}
        busy={change.isPending}
        onChange={setTarget}
      />
      <Dialog
        open={target !== null}
        onOpenChange={(next) => (next ? undefined : close())}
        title={target ? t('withdrawal.enableTitle') : t('withdrawal.disableTitle')}
        description={t('withdrawal.codeDescription')}
        closeLabel={t('actions.close')}
        className="account-dialog"
      >
        <form className="account-form" noValidate onSubmit={(event) => void submit(event)}>
          <SecondFactorCodeField code={code} />
          <FormError message={action.error} />
          <Button
            type="submit"
            variant={target ? 'primary' : 'danger'}
            block
            disabled={!code.valid}
            loading={change.isPending}
          >
            {target ? t('withdrawal.enableSubmit') : t('withdrawal.disableSubmit')}
          </Button>
        </form>
      </Dialog>
    </>
  );
}
