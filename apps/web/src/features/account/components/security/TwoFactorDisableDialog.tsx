// Turning authenticator 2FA off: proved with the account password or a current code from the app.
// Withdrawal 2FA goes off with it (it needs the authenticator).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/button/Button.tsx';
import { CodeInput } from '../../../../components/code-input/CodeInput.tsx';
import { Dialog } from '../../../../components/dialog/Dialog.tsx';
import { PasswordField } from '../../../../components/text-field/PasswordField.tsx';
import { OTP_CODE_LENGTH } from '../../../../lib/constants.ts';
import { useDisableTwoFactor } from '../../api/two-factor.ts';
import { useDialogAction } from '../../hooks/use-action.ts';
import { useField } from '../../hooks/use-field.ts';
import { validateTotp } from '../../model/totp.ts';
import { ChoiceGroup } from '../common/ChoiceGroup.tsx';
import { FormError } from '../common/FormError.tsx';

type Proof = 'password' | 'code';

export function TwoFactorDisableDialog({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  const { t } = useTranslation('account');
  const [proof, setProof] = useState<Proof>('password');
  const password = useField((value) => (value.length > 0 ? undefined : 'validation.passwordRequired'));
  const code = useField(validateTotp);
  const disable = useDisableTwoFactor();
  const action = useDialogAction();
  const valid = proof === 'password' ? password.valid : code.valid;

  const close = () => {
    password.reset();
    code.reset();
    action.clear();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    const body = proof === 'password' ? { password: password.value } : { token: code.value };
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
            { value: 'password', label: t('twoFactor.disable.withPassword') },
            { value: 'code', label: t('twoFactor.disable.withCode') },
          ]}
        />
        {proof === 'password' ? (
          <PasswordField
            label={t('fields.password')}
            autoComplete="current-password"
            value={password.value}
            onChange={(event) => password.set(event.currentTarget.value)}
            error={password.error}
          />
        ) : (
          <CodeInput
            label={t('fields.totp')}
            length={OTP_CODE_LENGTH}
            value={code.value}
            onValueChange={code.set}
            error={code.error}
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
