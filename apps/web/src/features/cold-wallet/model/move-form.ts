// The cold wallet move form as data: the amount checked against what can move (the wallet's
// available balance to move in, the cold quantity to withdraw), with i18n keys for the errors.
import type { ColdWallet } from '@rora/contracts';
import { assetScale, tryParseAmount } from '@rora/money';

export type MoveType = 'create' | 'withdraw';

export function decimalsOf(holding: Pick<ColdWallet, 'assetSymbol'>): number {
  return assetScale(holding.assetSymbol);
}

/** Minor units that can move in this direction. */
export function movable(holding: ColdWallet, type: MoveType): bigint {
  const text = type === 'create' ? holding.available : holding.quantity;
  const parsed = tryParseAmount(text, decimalsOf(holding));
  return parsed.ok ? parsed.value : 0n;
}

/** The i18n key of what is wrong with the amount, or null when it may be sent. */
export function moveAmountError(holding: ColdWallet, type: MoveType, amount: string): string | null {
  if (amount.trim() === '') return 'move.errors.amountRequired';
  const parsed = tryParseAmount(amount.trim(), decimalsOf(holding));
  if (!parsed.ok) return 'move.errors.amountInvalid';
  if (parsed.value <= 0n) return 'move.errors.amountPositive';
  if (parsed.value > movable(holding, type)) {
    return type === 'create' ? 'move.errors.moreThanAvailable' : 'move.errors.moreThanCold';
  }
  return null;
}
