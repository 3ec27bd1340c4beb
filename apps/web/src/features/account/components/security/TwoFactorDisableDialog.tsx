// Turning authenticator 2FA off: proved with the second factor itself, a current code from the app
// or, for a customer who lost it, a recovery code; the password alone is not enough (a stolen
// session or password must not remove 2FA). Withdrawal 2FA goes off with it (it needs the app).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/button/Button.tsx';
import { Dialog } from '../../../../components/dialog/Dialog.tsx';
import { TextField } from '../../../../components/text-field/TextField.tsx';
import { useDisableTwoFactor } from '../../api/two-factor.ts';
import { useDialogAction } from '../../hooks/use-action.ts';
import { useField } from '../../hooks/use-field.ts';
import { validateRecoveryCode } from '../../model/recovery-codes.ts';
import { validateTotp } from '../../model/totp.ts';
import { ChoiceGroup } from '../common/ChoiceGroup.tsx';
import { FormError } from '../common/FormError.tsx';
import { SecondFactorCodeField } from './SecondFactorCodeField.tsx';

type Proof = 'code' | 'recovery';

export function TwoFactorDisableDialog({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  const { t } = useTranslation('account');
  const [proof, setProof] = useState<Proof>('code');
  const code = useField(validateTotp);
  const recoveryCode = useField(validateRecoveryCode);
  const disable = useDisableTwoFactor();
  const action = useDialogAction();
  const valid = proof === 'code' ? code.valid : recoveryCode.valid;

  const close = () => {
    code.reset();
    recoveryCode.reset();
    action.clear();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    const body = proof === 'code' ? { token: code.value } : { recoveryCode: recoveryCode.value.trim() };
    if (await action.run(() => disable.mutateAsync(body), t('twoFactor.disabled'))) close();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={t('twoFactor.disable.title')}
      description={t('twoFactor.disable.description')}
      closeLabel={t('actions.close')}
      className="account-dialog"
    >
      <form className="account-form" noValidate onSubmit={(event) => void submit(event)}>
        <ChoiceGroup<Proof>
          legend={t('twoFactor.disable.proofLegend')}
          value={proof}
          onChange={setProof}
          choices={[
            { value: 'code', label: t('twoFactor.disable.withCode') },
            { value: 'recovery', label: t('twoFactor.disable.withRecoveryCode') },
          ]}
        />
        {proof === 'code' ? (
          <SecondFactorCodeField code={code} />
        ) : (
          <TextField
            label={t('fields.recoveryCode')}
            autoComplete="off"
            spellCheck={false}
            value={recoveryCode.value}
            onChange={(event) => recoveryCode.set(event.currentTarget.value)}
            error={recoveryCode.error}
          />
        )}
        <FormError message={action.error} />
        <Button type="submit" variant="danger" block disabled={!valid} loading={disable.isPending}>
          {t('twoFactor.disable.submit')}
        </Button>
      </form>
    </Dialog>
  );
}
