// The send form as data (STYLE: the form as pure functions): what was typed, checked as it is typed,
// into errors keyed by field with their i18n keys, and the summary the confirmation shows. Amounts
// are bigint minor units from @rora/money; nothing here touches a float.
import { tryParseAmount } from '@rora/money';
import { formatMinor } from '../../../lib/format/numbers.ts';

export interface SendDraft {
  readonly address: string;
  readonly destinationTag: string;
  readonly amount: string;
}

export interface SendContext {
  readonly decimals: number;
  /** Minor units available to send. */
  readonly available: bigint;
  /** The fee of the estimate in minor units of the wallet's asset, when known. */
  readonly fee: bigint | null;
  readonly usesDestinationTag: boolean;
  /** The server's verdict on the address, when it has given one for this text. */
  readonly addressCheck: { readonly valid: boolean; readonly code?: string } | null;
}

export type SendField = 'address' | 'destinationTag' | 'amount';
export type SendErrors = Partial<Record<SendField, string>>;

const MAX_TAG = 4_294_967_295;

export function parseTag(text: string): number | null {
  if (!/^\d{1,10}$/.test(text.trim())) return null;
  const tag = Number(text.trim());
  return tag <= MAX_TAG ? tag : null;
}

export function parseMinor(text: string, decimals: number): bigint | null {
  const parsed = tryParseAmount(text.trim(), decimals);
  return parsed.ok ? parsed.value : null;
}

function amountError(draft: SendDraft, context: SendContext): string | undefined {
  if (draft.amount.trim() === '') return 'send.errors.amountRequired';
  const minor = parseMinor(draft.amount, context.decimals);
  if (minor === null) return 'send.errors.amountInvalid';
  if (minor <= 0n) return 'send.errors.amountPositive';
  const total = minor + (context.fee ?? 0n);
  if (total > context.available) return 'send.errors.amountTooLarge';
  return undefined;
}

/** Errors for what was typed; an empty object when the form may go on to confirmation. */
export function validateSend(draft: SendDraft, context: SendContext): SendErrors {
  const errors: SendErrors = {};
  if (draft.address.trim() === '') errors.address = 'send.errors.addressRequired';
  else if (context.addressCheck && !context.addressCheck.valid) {
    errors.address = `errors.${context.addressCheck.code ?? 'address_is_not_valid_for_network'}`;
  }
  if (draft.destinationTag.trim() !== '' && parseTag(draft.destinationTag) === null) {
    errors.destinationTag = 'send.errors.tagInvalid';
  }
  const amount = amountError(draft, context);
  if (amount) errors.amount = amount;
  return errors;
}

/** The most that can be sent: available less the fee, never below zero. */
export function maxSendable(available: bigint, fee: bigint | null): bigint {
  const max = available - (fee ?? 0n);
  return max > 0n ? max : 0n;
}

export interface SendSummary {
  readonly amount: string;
  readonly fee: string;
  readonly total: string;
}

export function sendSummary(amount: bigint, fee: bigint, decimals: number): SendSummary {
  const text = (minor: bigint) => formatMinor(minor, decimals);
  return { amount: text(amount), fee: text(fee), total: text(amount + fee) };
}
