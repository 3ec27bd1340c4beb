// Checks the reserves a proof carries: each address's ownership message must be the one for this
// snapshot (its id, time and liabilities root) and this address, word for word, and its signature
// must verify against the address with the chain's own scheme (BIP-322, EIP-191, XRP, Solana;
// @rora/chains). Node only (the web page links to the CLI).
import { isNetworkId, NETWORKS, verifyMessage } from '@rora/chains';
import type { LiabilityProof, ReserveAddress } from './proof.ts';
import { compareLabels, labelOf, ownershipMessage, signedLabel } from './snapshot-label.ts';

export interface ReserveCheck {
  readonly reserve: ReserveAddress;
  readonly ok: boolean;
  /**
   * Why it failed: `unknown_network`, `message_names_another_snapshot`, `message_names_another_address`
   * (or is not in the format), `signature_invalid`.
   */
  readonly problem: string | null;
}

/** Whether the address signed its message (whatever snapshot the message names). */
export function signatureHolds(reserve: ReserveAddress): boolean {
  return isNetworkId(reserve.network) && verifyMessage({ chain: NETWORKS[reserve.network].chain, ...reserve });
}

export function checkReserve(proof: LiabilityProof, reserve: ReserveAddress): ReserveCheck {
  if (!isNetworkId(reserve.network)) return { reserve, ok: false, problem: 'unknown_network' };
  const signed = signedLabel(reserve.message);
  if (!signed || !compareLabels(signed, labelOf(proof)).every((check) => check.ok)) {
    return { reserve, ok: false, problem: 'message_names_another_snapshot' };
  }
  // A signature over another address's message (or a message with more in it) proves nothing here.
  if (reserve.message !== ownershipMessage(signed, reserve)) {
    return { reserve, ok: false, problem: 'message_names_another_address' };
  }
  const ok = signatureHolds(reserve);
  return { reserve, ok, problem: ok ? null : 'signature_invalid' };
}

/** Per asset: the balance of the addresses whose signature verified, each address counted once. */
export function provenReserves(checks: readonly ReserveCheck[]): Map<string, bigint> {
  const totals = new Map<string, bigint>();
  const counted = new Set<string>();
  for (const check of checks) {
    const key = `${check.reserve.asset}|${check.reserve.network}|${check.reserve.address}`;
    if (!check.ok || counted.has(key)) continue;
    counted.add(key);
    totals.set(check.reserve.asset, (totals.get(check.reserve.asset) ?? 0n) + BigInt(check.reserve.balance));
  }
  return totals;
}
