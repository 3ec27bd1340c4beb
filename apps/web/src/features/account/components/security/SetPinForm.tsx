// The first PIN: typed twice, checked as it is typed (4 to 6 digits, not 1234 or 1111).
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/button/Button.tsx';
import { runAction } from '../../api/run-action.ts';
import { useSetPin } from '../../api/pin.ts';
import { useField } from '../../hooks/use-field.ts';
import { validateNewPin, validatePinRepeat } from '../../model/pin.ts';
import { NewPinFields } from './NewPinFields.tsx';

export function SetPinForm() {
  const { t } = useTranslation('account');
  const setPin = useSetPin();
  const pin = useField(validateNewPin);
  const repeat = useField((value) => validatePinRepeat(pin.value, value));
  const valid = pin.valid && repeat.valid;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    await runAction(() => setPin.mutateAsync(pin.value), t('pin.setDone'));
  };

  return (
    <form className="account-form account-form--inline" noValidate onSubmit={(event) => void submit(event)}>
      <div className="account-form__fields">
        <NewPinFields pin={pin} repeat={repeat} />
      </div>
      <Button type="submit" disabled={!valid} loading={setPin.isPending}>
        {t('pin.setSubmit')}
      </Button>
    </form>
  );
}
