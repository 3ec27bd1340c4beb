// Input limits of spec §5 and §9 shared by the web forms and the API validators.

/** One-time codes (e-mail, SMS) are this many digits. */
export const OTP_CODE_LENGTH = 6;
/** The resend link reappears after this countdown. */
export const OTP_RESEND_COUNTDOWN_SECONDS = 60;
/** A one-time code can be used for this long (the e-mail and the code screen both say so). */
export const OTP_CODE_VALID_MINUTES = 10;
export const PASSWORD_MIN_LENGTH = 8;
/** Digits of a phone number, after spaces and non-word characters are removed. */
export const PHONE_NUMBER_MIN_LENGTH = 6;

/** KYC identity form minimum lengths. */
export const KYC_MIN_LENGTHS = {
  fullName: 5,
  address: 5,
  city: 3,
} as const;
