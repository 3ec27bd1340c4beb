// Changing the PIN: prove it is you with the current PIN or the account password (and, while
// authenticator 2FA is on, a current code from the app), then the new PIN twice.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/button/Button.tsx';
import { Dialog } from '../../../../components/dialog/Dialog.tsx';
import { PasswordField } from '../../../../components/text-field/PasswordField.tsx';
import { useChangePin } from '../../api/pin.ts';
import { useDialogAction } from '../../hooks/use-action.ts';
import { useField } from '../../hooks/use-field.ts';
import { validateNewPin, validatePinRepeat, validatePinShape, type PinProof } from '../../model/pin.ts';
import { validateTotp } from '../../model/totp.ts';
import { ChoiceGroup } from '../common/ChoiceGroup.tsx';
import { FormError } from '../common/FormError.tsx';
import { PinField } from '../common/PinField.tsx';
import { NewPinFields } from './NewPinFields.tsx';
import { SecondFactorCodeField } from './SecondFactorCodeField.tsx';

interface PinChangeDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /** Authenticator 2FA is on: the API also needs a current code. */
  readonly twoFactorEnabled: boolean;
}

export function PinChangeDialog({ open, onClose, twoFactorEnabled }: PinChangeDialogProps) {
  const { t } = useTranslation('account');
  const change = useChangePin();
  const action = useDialogAction();
  const [proof, setProof] = useState<PinProof>('pin');
  const currentPin = useField(validatePinShape);
  const password = useField((value) => (value.length > 0 ? undefined : 'validation.passwordRequired'));
  const pin = useField(validateNewPin);
  const repeat = useField((value) => validatePinRepeat(pin.value, value));
  const code = useField(validateTotp);
  const secret = proof === 'pin' ? currentPin : password;
  const valid = secret.valid && pin.valid && repeat.valid && (!twoFactorEnabled || code.valid);

  const close = () => {
    for (const field of [currentPin, password, pin, repeat, code]) field.reset();
    action.clear();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    const token = twoFactorEnabled ? code.value : undefined;
    const input = { proof, secret: secret.value, pin: pin.value, token };
    if (await action.run(() => change.mutateAsync(input), t('pin.changed'))) close();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={t('pin.changeTitle')}
      description={twoFactorEnabled ? t('pin.changeDescriptionWithCode') : t('pin.changeDescription')}
      closeLabel={t('actions.close')}
      className="account-dialog"
    >
      <form className="account-form" noValidate onSubmit={(event) => void submit(event)}>
        <ChoiceGroup<PinProof>
          legend={t('pin.proofLegend')}
          value={proof}
          onChange={setProof}
          choices={[
            { value: 'pin', label: t('pin.withPin') },
            { value: 'password', label: t('pin.withPassword') },
          ]}
        />
        {proof === 'pin' ? (
          <PinField
            label={t('fields.currentPin')}
            autoComplete="off"
            value={currentPin.value}
            onValueChange={currentPin.set}
            error={currentPin.error}
          />
        ) : (
          <PasswordField
            label={t('fields.password')}
            autoComplete="current-password"
            value={password.value}
            onChange={(event) => password.set(event.currentTarget.value)}
            error={password.error}
          />
        )}
        {twoFactorEnabled ? <SecondFactorCodeField code={code} /> : null}
        <NewPinFields pin={pin} repeat={repeat} />
        <FormError message={action.error} />
        <Button type="submit" block disabled={!valid} loading={change.isPending}>
          {t('pin.changeSubmit')}
        </Button>
      </form>
    </Dialog>
  );
}
