// What the send form sends to the estimate (after the customer pauses typing) and what the
// confirmation needs, derived from the draft: pure, so the component only wires hooks to it.
import type { SendPriority, Wallet, WalletFeeEstimate } from '@rora/contracts';
import { parseTag, type SendContext, type SendDraft } from './send-form.ts';
import { parseMinor } from './send-form.ts';

export interface EstimateInput {
  readonly walletId: string;
  readonly amount?: string;
  readonly address?: string;
  readonly destinationTag?: number;
  readonly priority: SendPriority;
}

export function estimateInput(wallet: Wallet, draft: SendDraft, priority: SendPriority): EstimateInput {
  const amount = parseMinor(draft.amount, wallet.network.decimals);
  const tag = parseTag(draft.destinationTag);
  return {
    walletId: wallet.id,
    priority,
    ...(amount !== null && amount > 0n ? { amount: draft.amount.trim() } : {}),
    ...(draft.address.trim() ? { address: draft.address.trim() } : {}),
    ...(tag !== null ? { destinationTag: tag } : {}),
  };
}

/** The context the validator needs, from the wallet and the latest estimate for this draft. */
export function sendContext(wallet: Wallet, estimate: WalletFeeEstimate | undefined, draft: SendDraft): SendContext {
  const decimals = wallet.network.decimals;
  const available = parseMinor(wallet.balance, decimals) ?? 0n;
  const check = estimate?.address ?? null;
  const sameAddress = estimate !== undefined && draft.address.trim() !== '' && check !== null;
  return {
    decimals,
    available,
    fee: estimate ? parseMinor(estimate.fee, decimals) : null,
    usesDestinationTag: wallet.network.usesDestinationTag,
    addressCheck: sameAddress ? (check.valid ? { valid: true } : { valid: false, code: check.code }) : null,
  };
}
