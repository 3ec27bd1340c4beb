// The first PIN: typed twice, checked as it is typed (4 to 6 digits, not 1234 or 1111). While
// authenticator 2FA is on, a current code from the app too.
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/button/Button.tsx';
import { runAction } from '../../api/run-action.ts';
import { useSetPin } from '../../api/pin.ts';
import { useField } from '../../hooks/use-field.ts';
import { validateNewPin, validatePinRepeat } from '../../model/pin.ts';
import { validateTotp } from '../../model/totp.ts';
import { NewPinFields } from './NewPinFields.tsx';
import { SecondFactorCodeField } from './SecondFactorCodeField.tsx';

export function SetPinForm({ twoFactorEnabled }: { readonly twoFactorEnabled: boolean }) {
  const { t } = useTranslation('account');
  const setPin = useSetPin();
  const pin = useField(validateNewPin);
  const repeat = useField((value) => validatePinRepeat(pin.value, value));
  const code = useField(validateTotp);
  const valid = pin.valid && repeat.valid && (!twoFactorEnabled || code.valid);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    const token = twoFactorEnabled ? code.value : undefined;
    await runAction(() => setPin.mutateAsync({ pin: pin.value, token }), t('pin.setDone'));
  };

  return (
    <form className="account-form account-form--inline" noValidate onSubmit={(event) => void submit(event)}>
      <div className="account-form__fields">
        <NewPinFields pin={pin} repeat={repeat} />
        {twoFactorEnabled ? <SecondFactorCodeField code={code} /> : null}
      </div>
      <Button type="submit" disabled={!valid} loading={setPin.isPending}>
        {t('pin.setSubmit')}
      </Button>
    </form>
  );
}
