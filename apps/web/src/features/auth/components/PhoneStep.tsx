// The phone number (spec §2 register step 3, recovery by mobile): a searchable picker of every
// country's dial code and the number; spaces and symbols are stripped before sending (spec §5).
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button/Button.tsx';
import { Dropdown } from '../../../components/dropdown/Dropdown.tsx';
import { TextField } from '../../../components/text-field/TextField.tsx';
import { currentLanguageTag } from '../../../lib/i18n/i18n.ts';
import { COUNTRIES } from '../data/countries.ts';
import { useField } from '../hooks/use-field.ts';
import { useSubmit } from '../hooks/use-submit.ts';
import { countryOptions, defaultCountry, toPhone, type Phone } from '../model/phone.ts';
import { validatePhoneNumber } from '../model/validation.ts';

export interface PhoneStepProps {
  readonly initial?: { readonly country: string; readonly number: string };
  readonly submitLabel: string;
  readonly onSubmit: (phone: Phone, entered: { country: string; number: string }) => Promise<unknown>;
  readonly onBack: () => void;
}

export function PhoneStep({ initial, submitLabel, onSubmit, onBack }: PhoneStepProps) {
  const { t } = useTranslation('auth');
  const language = currentLanguageTag();
  const options = useMemo(() => countryOptions(COUNTRIES, language), [language]);
  const [country, setCountry] = useState(
    () => initial?.country ?? defaultCountry(COUNTRIES, navigator.languages ?? []).code,
  );
  const number = useField(initial?.number ?? '', validatePhoneNumber);
  const submit = useSubmit();
  const dialCode = COUNTRIES.find((entry) => entry.code === country)?.dialCode ?? '';

  const onFormSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (number.valid && dialCode)
      await submit.run(() => onSubmit(toPhone(dialCode, number.value), { country, number: number.value }));
  };

  return (
    <form className="auth-form" noValidate onSubmit={onFormSubmit}>
      <Dropdown
        label={t('fields.country')}
        options={options}
        value={country}
        onChange={setCountry}
        searchLabel={t('phone.search')}
        emptyText={t('phone.noMatch')}
      />
      <div className="auth-form__spacer" />
      <TextField
        label={t('fields.phone')}
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        leading={<span className="phone-prefix tabular">+{dialCode}</span>}
        value={number.value}
        onChange={(event) => number.set(event.currentTarget.value)}
        onBlur={number.touch}
        error={number.error}
        hint={t('phone.hint')}
      />
      <div className="auth-form__actions">
        <Button type="submit" block disabled={!number.valid || !dialCode} loading={submit.pending}>
          {submitLabel}
        </Button>
        <Button variant="ghost" block onClick={onBack} disabled={submit.pending}>
          {t('common:actions.back')}
        </Button>
      </div>
    </form>
  );
}
