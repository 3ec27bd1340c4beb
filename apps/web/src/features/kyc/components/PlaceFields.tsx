// The country and currency pickers of the identity form, named in the reader's language.
import { useMemo } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { COUNTRY_CODES, KYC_CURRENCIES } from '@rora/contracts';
import { Dropdown } from '../../../components/dropdown/Dropdown.tsx';
import type { DropdownOption } from '../../../components/dropdown/dropdown-model.ts';
import { currentLanguageTag } from '../../../lib/i18n/i18n.ts';
import type { IdentityFormValues } from '../model/identity-form.ts';

function useOptions(): { countries: DropdownOption[]; currencies: DropdownOption[] } {
  const language = currentLanguageTag();
  return useMemo(() => {
    const regions = new Intl.DisplayNames([language], { type: 'region' });
    const currencyNames = new Intl.DisplayNames([language], { type: 'currency' });
    const collator = new Intl.Collator(language);
    const countries = COUNTRY_CODES.map((code) => ({
      value: code,
      label: regions.of(code) ?? code,
      keywords: [code],
    })).sort((a, b) => collator.compare(a.label, b.label));
    const currencies = KYC_CURRENCIES.map((code) => ({
      value: code,
      label: `${code} · ${currencyNames.of(code) ?? code}`,
      keywords: [code],
    }));
    return { countries, currencies };
  }, [language]);
}

export interface PlaceFieldsProps {
  readonly control: Control<IdentityFormValues>;
  readonly countryError: string | undefined;
  readonly currencyError: string | undefined;
}

export function PlaceFields({ control, countryError, currencyError }: PlaceFieldsProps) {
  const { t } = useTranslation('kyc');
  const { countries, currencies } = useOptions();
  return (
    <div className="kyc-form__pair">
      <Controller
        control={control}
        name="country"
        render={({ field, fieldState }) => (
          <div className="kyc-form__select">
            <Dropdown
              label={t('identity.country')}
              options={countries}
              value={field.value || null}
              onChange={field.onChange}
              placeholder={t('identity.choose')}
              searchLabel={t('identity.countrySearch')}
              emptyText={t('identity.noMatch')}
            />
            <p className="field__error">{fieldState.isDirty ? (countryError ?? '') : ''}</p>
          </div>
        )}
      />
      <Controller
        control={control}
        name="currency"
        render={({ field, fieldState }) => (
          <div className="kyc-form__select">
            <Dropdown
              label={t('identity.currency')}
              options={currencies}
              value={field.value || null}
              onChange={field.onChange}
              placeholder={t('identity.choose')}
              searchLabel={t('identity.currencySearch')}
              emptyText={t('identity.noMatch')}
            />
            <p className="field__error">{fieldState.isDirty ? (currencyError ?? '') : ''}</p>
          </div>
        )}
      />
    </div>
  );
}
