// Changing the PIN: prove it is you with the current PIN or the account password, then the new PIN
// twice.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/button/Button.tsx';
import { Dialog } from '../../../../components/dialog/Dialog.tsx';
import { PasswordField } from '../../../../components/text-field/PasswordField.tsx';
import { useChangePin } from '../../api/pin.ts';
import { useDialogAction } from '../../hooks/use-action.ts';
import { useField } from '../../hooks/use-field.ts';
import { validateNewPin, validatePinRepeat, validatePinShape, type PinProof } from '../../model/pin.ts';
import { ChoiceGroup } from '../common/ChoiceGroup.tsx';
import { FormError } from '../common/FormError.tsx';
import { PinField } from '../common/PinField.tsx';
import { NewPinFields } from './NewPinFields.tsx';

export function PinChangeDialog({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  const { t } = useTranslation('account');
  const change = useChangePin();
  const action = useDialogAction();
  const [proof, setProof] = useState<PinProof>('pin');
  const currentPin = useField(validatePinShape);
  const password = useField((value) => (value.length > 0 ? undefined : 'validation.passwordRequired'));
  const pin = useField(validateNewPin);
  const repeat = useField((value) => validatePinRepeat(pin.value, value));
  const secret = proof === 'pin' ? currentPin : password;
  const valid = secret.valid && pin.valid && repeat.valid;

  const close = () => {
    for (const field of [currentPin, password, pin, repeat]) field.reset();
    action.clear();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    const input = { proof, secret: secret.value, pin: pin.value };
    if (await action.run(() => change.mutateAsync(input), t('pin.changed'))) close();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={t('pin.changeTitle')}
      description={t('pin.changeDescription')}
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
        <NewPinFields pin={pin} repeat={repeat} />
        <FormError message={action.error} />
        <Button type="submit" block disabled={!valid} loading={change.isPending}>
          {t('pin.changeSubmit')}
        </Button>
      </form>
    </Dialog>
  );
}
