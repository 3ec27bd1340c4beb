// The sandbox provider's card rules, pure: a card number must pass the Luhn check, the expiry (MM/YY)
// must not be past, the CVC is 3 or 4 digits; then the documented test cards decide (contracts
// ONRAMP_SANDBOX_TEST_CARDS): 4242 4242 4242 4242 is approved, 4000 0000 0000 0002 is declined
// (card_declined), 4000 0000 0000 9995 is declined (insufficient_funds), any other valid number is
// declined (card_not_supported). Only the last four digits are ever kept.
import { ONRAMP_SANDBOX_TEST_CARDS, type OnrampDeclineCode } from '@rora/contracts';
import { AppError } from '../../../lib/errors.ts';

export interface CardInput {
  readonly cardNumber: string;
  readonly expiry: string;
  readonly cvc: string;
}

export interface CardDecision {
  readonly last4: string;
  readonly outcome: 'approved' | 'declined';
  readonly declineCode: OnrampDeclineCode | null;
}

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function cardDigits(cardNumber: string): string {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
    throw new AppError('onramp_card_number_invalid', { field: 'cardNumber' });
  }
  return digits;
}

/** A card is valid through the last day of its expiry month (UTC). */
function checkExpiry(expiry: string, now: Date): void {
  const match = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) throw new AppError('onramp_card_expiry_invalid', { field: 'expiry' });
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  const firstDayAfter = Date.UTC(year, month, 1);
  if (now.getTime() >= firstDayAfter) throw new AppError('onramp_card_expired', { field: 'expiry' });
}

export function decideCard(card: CardInput, now: Date): CardDecision {
  const digits = cardDigits(card.cardNumber);
  checkExpiry(card.expiry, now);
  if (!/^\d{3,4}$/.test(card.cvc.trim())) throw new AppError('onramp_card_cvc_invalid', { field: 'cvc' });
  const known = ONRAMP_SANDBOX_TEST_CARDS.find((test) => test.number === digits);
  const last4 = digits.slice(-4);
  if (!known) return { last4, outcome: 'declined', declineCode: 'card_not_supported' };
  return { last4, outcome: known.outcome, declineCode: known.declineCode };
}
