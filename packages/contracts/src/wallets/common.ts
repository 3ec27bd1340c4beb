// Building blocks of the wallets calls: amounts as typed, the approval proof, ids (the listed coins
// and send speeds are constants/wallets.ts).
import { z as zod } from 'zod';
import { MAX_AMOUNT_CHARACTERS, MAX_WHOLE_DIGITS } from '@rora/money';
import { pinSchema, totpCodeSchema } from '../user.ts';

/**
 * A decimal amount as typed: digits and one optional point (parsed at the asset's scale by the API).
 * Sent as anything but text (a JSON number, an array), it is refused as not a decimal: the amount
 * was given, in the wrong form.
 */
export const amountTextSchema = zod
  .string({ error: (issue) => (issue.input == null ? 'amount_is_empty' : 'amount_is_not_a_decimal') })
  .trim()
  .min(1, { error: 'amount_is_empty' })
  .max(MAX_AMOUNT_CHARACTERS, { error: 'amount_is_too_long' })
  .regex(/^(0|[1-9]\d*)(\.\d+)?$/, { error: 'amount_is_not_a_decimal' })
  // Bounded so every amount, in minor units of any asset (scale <= 18), fits numeric(78,0) with room
  // for products such as price x quantity: at most 24 whole digits (decimals are checked against the
  // scale). The same bounds (length, whole digits) as the web's amount fields (readTypedAmount), so
  // they refuse what this would.
  .regex(new RegExp(`^\\d{1,${MAX_WHOLE_DIGITS}}(\\.\\d+)?$`), { error: 'amount_is_too_large' });
/** A decimal amount on the wire ('0.5'). */
export const decimalSchema = zod.string();
/** US dollars with 2 decimals ('1234.56'). */
export const usdSchema = zod.string();

/** Approval (spec §6): the PIN, or the authenticator code when withdrawal 2FA is on. */
export const approvalFields = { pin: pinSchema.optional(), token: totpCodeSchema.optional() };

/** `{id}` of /wallet/{id} and /coldwallet/{id}: any string; one that is not the customer's answers 404. */
export const walletIdParamsSchema = zod.object({ id: zod.string().max(100) });
