// Step 1 (spec §3, §5): full name, date of birth, address, city, country, currency and the privacy
// policy agreement, checked as the customer types with the contract's rules; what was saved before
// is filled in. A refusal from the API shows beside its field and in a toast.
import type { FieldErrors, Resolver } from 'react-hook-form';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { KycState } from '@rora/contracts';
import { Button } from '../../../components/button/Button.tsx';
import { Checkbox } from '../../../components/checkbox/Checkbox.tsx';
import { TextField } from '../../../components/text-field/TextField.tsx';
import { ApiError } from '../../../lib/api/errors.ts';
import { showToast } from '../../../lib/toast/toast-store.ts';
import { useSaveIdentity } from '../api/kyc-api.ts';
import {
  initialIdentityValues,
  latestAdultBirthDate,
  validateIdentity,
  type IdentityField,
  type IdentityFormValues,
} from '../model/identity-form.ts';
import { PlaceFields } from './PlaceFields.tsx';
import { useErrorText } from '../../../lib/api/use-error-text.ts';

const resolver: Resolver<IdentityFormValues> = async (values) => {
  const result = validateIdentity(values, new Date());
  if (!result.errors) return { values, errors: {} };
  const errors: FieldErrors<IdentityFormValues> = {};
  for (const [field, code] of Object.entries(result.errors))
    errors[field as IdentityField] = { type: 'validate', message: code };
  return { values: {}, errors };
};

export interface IdentityStepProps {
  readonly userId: string;
  readonly state: KycState;
  readonly onDone: () => void;
}

export function IdentityStep({ userId, state, onDone }: IdentityStepProps) {
  const { t } = useTranslation('kyc');
  const errorText = useErrorText('kyc');
  const save = useSaveIdentity(userId);
  const form = useForm<IdentityFormValues>({
    defaultValues: initialIdentityValues(state.identity),
    mode: 'onChange',
    resolver,
  });
  const { formState, control } = form;
  /** register() for the app's TextField, which takes its ref as `inputRef`. */
  const text = (name: Exclude<IdentityField, 'privacyPolicyAgreed'>) => {
    const { ref, ...rest } = form.register(name);
    return { ...rest, inputRef: ref, error: errorOf(name) };
  };
  const errorOf = (field: IdentityField) => {
    const code = formState.errors[field]?.message;
    return code ? errorText.ofCode(code) : undefined;
  };

  const onSubmit = form.handleSubmit(async (values) => {
    const { identity } = validateIdentity(values, new Date());
    if (!identity) return;
    try {
      await save.mutateAsync(identity);
      onDone();
    } catch (error) {
      if (error instanceof ApiError) {
        for (const item of error.items)
          if (item.field) form.setError(item.field as IdentityField, { message: item.code });
      }
      showToast(errorText.ofError(error), 'error');
    }
  });

  return (
    <form className="kyc-form" noValidate onSubmit={onSubmit}>
      <h2 className="kyc-card__title">{t('steps.identity.title')}</h2>
      <p className="muted">{t('steps.identity.body')}</p>
      <TextField label={t('identity.fullName')} autoComplete="name" {...text('fullName')} />
      <TextField
        label={t('identity.dateOfBirth')}
        type="date"
        min="1900-01-01"
        max={latestAdultBirthDate(new Date())}
        autoComplete="bday"
        hint={t('identity.adultHint')}
        {...text('dateOfBirth')}
      />
      <TextField label={t('identity.address')} autoComplete="street-address" {...text('address')} />
      <TextField label={t('identity.city')} autoComplete="address-level2" {...text('city')} />
      <PlaceFields control={control} countryError={errorOf('country')} currencyError={errorOf('currency')} />
      <Controller
        control={control}
        name="privacyPolicyAgreed"
        render={({ field, fieldState }) => (
          <div className="kyc-form__consent">
            <Checkbox
              label={t('identity.privacy', { provider: state.providerName })}
              name={field.name}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              onBlur={field.onBlur}
            />
            <p className="field__error">{fieldState.isDirty ? (errorOf('privacyPolicyAgreed') ?? '') : ''}</p>
          </div>
        )}
      />
      <div className="kyc-form__actions">
        <Button type="submit" disabled={!formState.isValid} loading={save.isPending}>
          {t('identity.save')}
        </Button>
      </div>
    </form>
  );
}
