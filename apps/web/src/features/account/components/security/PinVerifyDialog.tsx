// Checking the PIN: the customer confirms they remember it before a send needs it. Five wrong
// entries lock it for 15 minutes (the card then says until when).
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/button/Button.tsx';
import { Dialog } from '../../../../components/dialog/Dialog.tsx';
import { useVerifyPin } from '../../api/pin.ts';
import { useDialogAction } from '../../hooks/use-action.ts';
import { useField } from '../../hooks/use-field.ts';
import { validatePinShape } from '../../model/pin.ts';
import { FormError } from '../common/FormError.tsx';
import { PinField } from '../common/PinField.tsx';

export function PinVerifyDialog({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  const { t } = useTranslation('account');
  const verify = useVerifyPin();
  const pin = useField(validatePinShape);
  const action = useDialogAction();

  const close = () => {
    pin.reset();
    action.clear();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!pin.valid) return;
    if (await action.run(() => verify.mutateAsync(pin.value), t('pin.verified'))) close();
    else pin.reset();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={t('pin.verifyTitle')}
      description={t('pin.verifyDescription')}
      closeLabel={t('actions.close')}
      className="account-dialog"
    >
      <form className="account-form" noValidate onSubmit={(event) => void submit(event)}>
        <PinField
          label={t('fields.pin')}
          autoComplete="off"
          value={pin.value}
          onValueChange={pin.set}
          error={pin.error}
        />
        <FormError message={action.error} />
        <Button type="submit" block disabled={!pin.valid} loading={verify.isPending}>
          {t('pin.verifySubmit')}
        </Button>
      </form>
    </Dialog>
  );
}
