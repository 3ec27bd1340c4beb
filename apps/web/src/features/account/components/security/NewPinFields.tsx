// The new PIN typed twice, with its rules under the first entry (set and change share it).
import { useTranslation } from 'react-i18next';
import type { Field } from '../../hooks/use-field.ts';
import { PinField } from '../common/PinField.tsx';

export function NewPinFields({ pin, repeat }: { readonly pin: Field; readonly repeat: Field }) {
  const { t } = useTranslation('account');
  return (
    <>
      <PinField
        label={t('fields.newPin')}
        hint={t('pin.rules')}
        autoComplete="new-password"
        value={pin.value}
        onValueChange={pin.set}
        error={pin.error}
      />
      <PinField
        label={t('fields.repeatPin')}
        autoComplete="new-password"
        value={repeat.value}
        onValueChange={repeat.set}
        error={repeat.error}
      />
    </>
  );
}
