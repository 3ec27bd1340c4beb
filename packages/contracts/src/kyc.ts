// Calls of spec §7 "User" that belong to the identity verification (KYC) context: the identity form,
// the four document uploads, sending for review, the documents' names and one's own document file.
// Every `{id}` path answers 404 resource_not_found unless the id is the signed-in customer's own.
// Rule failures use catalogued error codes as zod messages, as in auth.ts.
import { z as zod } from 'zod';
import { KYC_MIN_LENGTHS } from './constants/index.ts';
import type { ErrorCode } from './errors/index.ts';
import { envelope, type AccountCall } from './user.ts';

/** Spec §4 KYC states; `rejected` carries reasons, `resubmitted` waits again after a fix. */
export const KYC_STATUSES = [
  'not_started',
  'in_progress',
  'waiting_for_approval',
  'approved',
  'rejected',
  'resubmitted',
] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

/** Spec §3 documents, in the order of the steps of spec §2. */
export const KYC_DOCUMENT_KINDS = ['proof_of_residence', 'id_card', 'photo', 'photo_with_id_card'] as const;
export type KycDocumentKind = (typeof KYC_DOCUMENT_KINDS)[number];

/** What a rejection can name: the identity details or one document. */
export const KYC_ITEMS = ['identity', ...KYC_DOCUMENT_KINDS] as const;
export type KycItem = (typeof KYC_ITEMS)[number];

/** The six steps of spec §2, the last one waiting for the decision. */
export const KYC_STEPS = [...KYC_ITEMS, 'waiting'] as const;
export type KycStep = (typeof KYC_STEPS)[number];

/** The upload path of each document (spec §7). */
export const KYC_UPLOAD_PATHS: Record<KycDocumentKind, string> = {
  proof_of_residence: '/user/upload-proof-of-residence/{id}',
  id_card: '/user/upload-id-card/{id}',
  photo: '/user/upload-photo/{id}',
  photo_with_id_card: '/user/upload-photo-with-id-card/{id}',
};

export const KYC_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const KYC_DOCUMENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type KycDocumentType = (typeof KYC_DOCUMENT_TYPES)[number];
export const KYC_MIN_AGE_YEARS = 18;
export const KYC_MAX_AGE_YEARS = 120;

/** Why the identity provider refused an item (the sandbox's test rules produce each of them). */
export const KYC_REJECTION_CODES = [
  'identity_details_do_not_match',
  'document_image_is_blurred',
  'id_card_is_expired',
] as const;
export type KycRejectionCode = (typeof KYC_REJECTION_CODES)[number];

/** ISO 3166-1 alpha-2; the web app names them in the reader's language with Intl.DisplayNames. */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO ' +
  'FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE ' +
  'JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO ' +
  'MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW ' +
  'PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM ' +
  'TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

/** The currencies a customer can choose as their own (ISO 4217). */
export const KYC_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'BRL',
  'MXN',
  'ARS',
  'CLP',
  'COP',
  'PEN',
  'CAD',
  'CHF',
  'AUD',
] as const;

/**
 * Characters a name or an address never holds, which would make what a reviewer or the identity
 * provider reads differ from what is stored: control characters, format characters (bidirectional
 * overrides and isolates, zero-width spaces, soft hyphens, tag characters), line and paragraph
 * separators, private-use characters and lone surrogates. The zero-width joiner and non-joiner are
 * format characters too, but Persian, the Indic scripts and emoji are spelled with them.
 */
export const HIDDEN_CHARACTER = /(?![\u200c\u200d])[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}]/u;

/** A text field: `tooShort` names the minimum (and a missing value), `tooLong` the maximum. */
const text = (min: number, max: number, codes: { tooShort: ErrorCode; tooLong: ErrorCode }) =>
  zod
    .string({ error: codes.tooShort })
    .trim()
    .min(min, { error: codes.tooShort })
    .max(max, { error: codes.tooLong })
    .refine((value) => !HIDDEN_CHARACTER.test(value), { error: 'identity_text_must_be_plain' });

/** Whole years between a YYYY-MM-DD birth date and `today` (UTC). */
export function ageInYears(dateOfBirth: string, today: Date): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Spec §3 identity form with the §5 minimums. Adulthood depends on today: see `ageInYears`. */
export const kycIdentitySchema = zod.object({
  fullName: text(KYC_MIN_LENGTHS.fullName, 100, {
    tooShort: 'full_name_must_have_at_least_5_characters',
    tooLong: 'full_name_must_have_at_most_100_characters',
  }),
  dateOfBirth: zod
    .string({ error: 'date_of_birth_must_be_valid' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'date_of_birth_must_be_valid' })
    .refine(isCalendarDate, { error: 'date_of_birth_must_be_valid' }),
  address: text(KYC_MIN_LENGTHS.address, 200, {
    tooShort: 'address_must_have_at_least_5_characters',
    tooLong: 'address_must_have_at_most_200_characters',
  }),
  city: text(KYC_MIN_LENGTHS.city, 100, {
    tooShort: 'city_must_have_at_least_3_characters',
    tooLong: 'city_must_have_at_most_100_characters',
  }),
  country: zod.enum(COUNTRY_CODES as [string, ...string[]], { error: 'country_must_be_supported' }),
  currency: zod.enum(KYC_CURRENCIES, { error: 'currency_must_be_supported' }),
  privacyPolicyAgreed: zod.literal(true, { error: 'privacy_policy_must_be_agreed' }),
});
export type KycIdentity = zod.infer<typeof kycIdentitySchema>;

export const kycDocumentSchema = zod.object({
  id: zod.uuid(),
  kind: zod.enum(KYC_DOCUMENT_KINDS),
  /** The name the customer's file had, without any folder. */
  fileName: zod.string(),
  contentType: zod.enum(KYC_DOCUMENT_TYPES),
  sizeBytes: zod.number().int(),
  uploadedAt: zod.iso.datetime(),
});
export type KycDocument = zod.infer<typeof kycDocumentSchema>;

export const kycRejectionReasonSchema = zod.object({
  code: zod.enum(KYC_REJECTION_CODES),
  item: zod.enum(KYC_ITEMS),
});
export type KycRejectionReason = zod.infer<typeof kycRejectionReasonSchema>;

/** Where the customer stands: every KYC call answers this. */
export const kycStateSchema = zod.object({
  status: zod.enum(KYC_STATUSES),
  /** The step to show on arrival: the first one still to do, or `waiting`. */
  step: zod.enum(KYC_STEPS),
  identity: kycIdentitySchema
    .omit({ privacyPolicyAgreed: true })
    .extend({ privacyPolicyAgreedAt: zod.iso.datetime() })
    .nullable(),
  documents: zod.array(kycDocumentSchema),
  /** The provider's reasons when the status is `rejected` (kept while resubmitted, for the record). */
  rejection: zod.object({ reasons: zod.array(kycRejectionReasonSchema), rejectedAt: zod.iso.datetime() }).nullable(),
  /** Rejected items not yet replaced; the customer may change only rejected items. */
  itemsToFix: zod.array(zod.enum(KYC_ITEMS)),
  submittedAt: zod.iso.datetime().nullable(),
  decidedAt: zod.iso.datetime().nullable(),
  /** The identity provider's name for the explainer text. */
  providerName: zod.string(),
});
export type KycState = zod.infer<typeof kycStateSchema>;
export const kycStateResponseSchema = envelope(kycStateSchema);

/** POST /user/update-kyc-status: the customer sends the application for review. */
export const updateKycStatusBodySchema = zod.object({ status: zod.literal('waiting_for_approval') });

export const kycDocumentParamsSchema = zod.object({ documentId: zod.string().max(100) });
export const documentsNameResponseSchema = envelope(zod.object({ items: zod.array(kycDocumentSchema) }));

const signedIn: ErrorCode[] = ['authentication_required', 'session_expired', 'resource_not_found'];
const changeErrors: ErrorCode[] = ['kyc_already_approved', 'kyc_awaiting_decision', 'kyc_item_was_not_rejected'];
const uploadErrors: ErrorCode[] = [
  ...signedIn,
  ...changeErrors,
  'document_file_required',
  'document_file_name_must_be_plain',
  'document_must_be_at_most_10_mb',
  'document_type_must_be_jpeg_png_or_pdf',
  'document_image_is_unreadable',
  'document_pdf_is_invalid',
  'document_pdf_has_active_content',
  'document_uploads_are_busy',
  'document_uploads_per_day_exceeded',
  'document_upload_must_hold_one_file',
  'request_body_must_be_valid_multipart',
  'too_many_requests',
];
const upload = (kind: KycDocumentKind): AccountCall => ({
  method: 'PUT',
  path: KYC_UPLOAD_PATHS[kind],
  auth: true,
  errors: uploadErrors,
});

export const kycCalls = {
  getKyc: { method: 'GET', path: '/user/kyc/{id}', auth: true, errors: signedIn },
  verifyUserIdentity: {
    method: 'PUT',
    path: '/user/verify-user-identity/{id}',
    auth: true,
    errors: [
      ...signedIn,
      ...changeErrors,
      'customer_must_be_an_adult',
      'request_validation_failed',
      'too_many_requests',
      'full_name_must_have_at_least_5_characters',
      'date_of_birth_must_be_valid',
      'address_must_have_at_least_5_characters',
      'city_must_have_at_least_3_characters',
      'country_must_be_supported',
      'currency_must_be_supported',
      'privacy_policy_must_be_agreed',
    ],
  },
  uploadProofOfResidence: upload('proof_of_residence'),
  uploadIdCard: upload('id_card'),
  uploadPhoto: upload('photo'),
  uploadPhotoWithIdCard: upload('photo_with_id_card'),
  updateKycStatus: {
    method: 'POST',
    path: '/user/update-kyc-status',
    auth: true,
    errors: [
      ...signedIn,
      'kyc_already_approved',
      'kyc_awaiting_decision',
      'kyc_identity_details_required',
      'kyc_documents_incomplete',
      'kyc_rejected_items_must_be_replaced',
      'identity_provider_unavailable',
      'too_many_requests',
    ],
  },
  getDocumentsName: { method: 'GET', path: '/user/get-documents-name/{id}', auth: true, errors: signedIn },
  downloadDocument: {
    method: 'GET',
    path: '/user/kyc-documents/{documentId}',
    auth: true,
    errors: [...signedIn, 'too_many_requests'],
  },
  identityWebhook: {
    method: 'POST',
    path: '/webhooks/identity',
    auth: false,
    errors: [
      'webhook_signature_invalid',
      'webhook_timestamp_outside_tolerance',
      'webhook_replay_refused',
      'webhook_payload_invalid',
      'webhook_reference_unknown',
      'too_many_requests',
    ],
  },
} as const satisfies Record<string, AccountCall>;
