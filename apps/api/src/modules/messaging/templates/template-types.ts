// The e-mails and SMS the product sends, by kind, with the params each one is written from. Every
// language module gives every kind (the type says so), so no message goes out in English only.
import type { KycRejectionReason, KycStatus } from '@rora/contracts';

type NoParams = Record<string, never>;

export interface EmailParams {
  /** Registration: the 6-digit code that proves the address. */
  verification_code: { code: string };
  /** Registration with an address that already has an account: a notice instead of a code. */
  email_taken: NoParams;
  password_reset_code: { code: string };
  /** A reset asked for an address without an account: a notice instead of a code. */
  password_reset_unknown: NoParams;
  password_changed: NoParams;
  two_factor_disabled: NoParams;
  /** Wrong passwords started the sign-in backoff (once per streak). */
  sign_in_backoff_started: NoParams;
  kyc_status_changed: { status: KycStatus; reasons: readonly KycRejectionReason[] };
  /** Prices as plain decimals at the tick's decimals (`'61012.50'`); the template groups them in the reader's marks. */
  price_alert: { symbol: string; condition: 'above' | 'below'; price: string; triggeredPrice: string; quote: string };
  /**
   * A P2P loan's step, to the borrower or the lender; amounts as the API sends them (plain decimals,
   * `'15000'`), LTV in percent (`'81.25'`); the template writes them in the reader's marks.
   */
  loan_update: {
    event: 'funded' | 'repaid' | 'margin_call' | 'liquidated' | 'closed' | 'cancelled';
    role: 'borrower' | 'lender';
    asset: string;
    amount: string;
    collateralAsset: string;
    collateralAmount: string;
    ltvPercent: string | null;
  };
}

export interface SmsParams {
  verification_code: { code: string };
  password_reset_code: { code: string };
}

export type EmailKind = keyof EmailParams;
export type SmsKind = keyof SmsParams;

/** What a module asks to send: a kind and its params; messaging writes it in the reader's language. */
export type EmailTemplate = { [K in EmailKind]: { kind: K; params: EmailParams[K] } }[EmailKind];
export type SmsTemplate = { [K in SmsKind]: { kind: K; params: SmsParams[K] } }[SmsKind];

export interface RenderedEmail {
  subject: string;
  text: string;
}

/** One language: a writer for every e-mail and SMS kind. */
export interface MessageTexts {
  email: { [K in EmailKind]: (params: EmailParams[K]) => RenderedEmail };
  sms: { [K in SmsKind]: (params: SmsParams[K]) => string };
}
