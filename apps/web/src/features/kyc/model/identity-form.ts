// The identity form (spec §3) as pure functions: its values as typed, the identity the API receives,
// and the errors to show, checked with the contract's own schema (the §5 minimums) plus the adult
// date of birth, so the form and the API apply the very same rules.
import {
  ageInYears,
  KYC_MAX_AGE_YEARS,
  KYC_MIN_AGE_YEARS,
  kycIdentitySchema,
  type KycIdentity,
  type KycState,
} from '@rora/contracts';

export interface IdentityFormValues {
  fullName: string;
  dateOfBirth: string;
  address: string;
  city: string;
  country: string;
  currency: string;
  privacyPolicyAgreed: boolean;
}

export type IdentityField = keyof IdentityFormValues;
/** An error code of the catalogue per field; the screen shows its translation. */
export type IdentityErrors = Partial<Record<IdentityField, string>>;

export function initialIdentityValues(identity: KycState['identity']): IdentityFormValues {
  if (!identity) {
    return {
      fullName: '',
      dateOfBirth: '',
      address: '',
      city: '',
      country: '',
      currency: '',
      privacyPolicyAgreed: false,
    };
  }
  const { privacyPolicyAgreedAt: _agreedAt, ...fields } = identity;
  return { ...fields, privacyPolicyAgreed: false };
}

/** The latest date of birth an adult can have today (YYYY-MM-DD), for the date picker's max. */
export function latestAdultBirthDate(today: Date): string {
  const year = today.getUTCFullYear() - KYC_MIN_AGE_YEARS;
  const month = String(today.getUTCMonth() + 1).padStart(2, '0');
  const day = String(today.getUTCDate()).padStart(2, '0');
  return `${year}-${month}-${day === '29' && month === '02' ? '28' : day}`;
}

/** Checks the whole form; answers the identity to send, or the error of each field that breaks a rule. */
export function validateIdentity(
  values: IdentityFormValues,
  today: Date,
): { identity: KycIdentity; errors: null } | { identity: null; errors: IdentityErrors } {
  const parsed = kycIdentitySchema.safeParse(values);
  const errors: IdentityErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as IdentityField | undefined;
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (!errors.dateOfBirth && /^\d{4}-\d{2}-\d{2}$/.test(values.dateOfBirth)) {
    const age = ageInYears(values.dateOfBirth, today);
    if (age < KYC_MIN_AGE_YEARS) errors.dateOfBirth = 'customer_must_be_an_adult';
    else if (age > KYC_MAX_AGE_YEARS) errors.dateOfBirth = 'date_of_birth_must_be_valid';
  }
  if (parsed.success && Object.keys(errors).length === 0) return { identity: parsed.data, errors: null };
  return { identity: null, errors };
}
