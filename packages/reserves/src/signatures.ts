// Checks the reserves a proof carries: each address's ownership message must name this snapshot
// and its liabilities root, and its signature must verify against the address with the chain's own
// scheme (BIP-322, EIP-191, XRP, Solana; @rora/chains). Node only (the web page links to the CLI).
import { isNetworkId, NETWORKS, verifyMessage } from '@rora/chains';
import type { LiabilityProof, ReserveAddress } from './proof.ts';

export interface ReserveCheck {
  readonly reserve: ReserveAddress;
  readonly ok: boolean;
  /** Why it failed: `unknown_network`, `message_names_another_snapshot`, `signature_invalid`. */
  readonly problem: string | null;
}

/** Whether the address signed its message (whatever snapshot the message names). */
export function signatureHolds(reserve: ReserveAddress): boolean {
  return isNetworkId(reserve.network) && verifyMessage({ chain: NETWORKS[reserve.network].chain, ...reserve });
}

export function checkReserve(proof: LiabilityProof, reserve: ReserveAddress): ReserveCheck {
  if (!isNetworkId(reserve.network)) return { reserve, ok: false, problem: 'unknown_network' };
  const { snapshot } = proof;
  if (!reserve.message.includes(snapshot.id) || !reserve.message.includes(snapshot.root.hash)) {
    return { reserve, ok: false, problem: 'message_names_another_snapshot' };
  }
  const ok = signatureHolds(reserve);
  return { reserve, ok, problem: ok ? null : 'signature_invalid' };
}

/** Per asset: the balance of the addresses whose signature verified. */
export function provenReserves(checks: readonly ReserveCheck[]): Map<string, bigint> {
  const totals = new Map<string, bigint>();
  for (const check of checks) {
    if (!check.ok) continue;
    totals.set(check.reserve.asset, (totals.get(check.reserve.asset) ?? 0n) + BigInt(check.reserve.balance));
  }
  return totals;
}
