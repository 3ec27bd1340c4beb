// The first PIN, set where it is needed: inside the send (or cold wallet) confirmation, so what the
// customer typed stays on screen. Not a form of its own (it sits inside the confirmation's form):
// its button sets the PIN, then hands it to the approval step so the send can go at once.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button/Button.tsx';
import { PasswordField } from '../../../components/text-field/PasswordField.tsx';
import { TextField } from '../../../components/text-field/TextField.tsx';
import { filterDigits } from '../../../components/numeric-input/numeric-filter.ts';
import { ApiError } from '../../../lib/api/errors.ts';
import { errorMessage } from '../api/feedback.ts';
import { useSetFirstPin } from '../api/approval-api.ts';
import { pinSetupError } from '../model/pin-setup.ts';

export function PinSetup({ onSet }: { readonly onSet: (pin: string) => void }) {
  const { t } = useTranslation('wallets');
  const id = useId();
  const setPin = useSetFirstPin();
  const [pin, setPinText] = useState('');
  const [repeat, setRepeat] = useState('');
  const [token, setToken] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const problem = pinSetupError(pin, repeat);
  const submit = async () => {
    setTouched(true);
    if (problem !== null) return;
    setFailure(undefined);
    try {
      await setPin.mutateAsync({ pin, token: token ?? undefined });
      onSet(pin);
    } catch (error) {
      // With authenticator 2FA on, the API asks for a current code as well.
      if (error instanceof ApiError && error.code === 'two_factor_code_required' && token === null) setToken('');
      else setFailure(errorMessage(error));
    }
  };
  return (
    <fieldset className="pin-setup">
      <legend className="pin-setup__title">{t('approval.setTitle')}</legend>
      <p className="wallets__muted">{t('approval.pinNotSet')}</p>
      <PasswordField
        id={`${id}-pin`}
        label={t('approval.newPin')}
        hint={t('approval.newPinHint')}
        inputMode="numeric"
        autoComplete="new-password"
        className="tabular"
        value={pin}
        onChange={(event) => setPinText(filterDigits(event.currentTarget.value, 6))}
        error={touched && problem === 'pin' ? t('approval.errors.pinDigits') : undefined}
      />
      <PasswordField
        id={`${id}-repeat`}
        label={t('approval.repeatPin')}
        inputMode="numeric"
        autoComplete="new-password"
        className="tabular"
        value={repeat}
        onChange={(event) => setRepeat(filterDigits(event.currentTarget.value, 6))}
        error={touched && problem === 'repeat' ? t('approval.errors.pinsMatch') : (failure ?? undefined)}
      />
      {token === null ? null : (
        <TextField
          id={`${id}-token`}
          label={t('approval.code')}
          hint={t('approval.setCodeHint')}
          inputMode="numeric"
          autoComplete="one-time-code"
          className="tabular"
          value={token}
          onChange={(event) => setToken(filterDigits(event.currentTarget.value, 6))}
        />
      )}
      <Button variant="secondary" loading={setPin.isPending} onClick={() => void submit()}>
        {t('approval.setPin')}
      </Button>
    </fieldset>
  );
}
