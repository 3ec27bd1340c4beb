// Sequence numbers of the XRP hot account. Every XRP transaction names its account's next sequence,
// and the ledger applies them in order, once each: two withdrawals must never be signed with the
// same one (one would fail), and a gap stalls every later one. Sequences handed out are reserved
// (with the amount they move) until the account's sequence passes them (applied) or their last
// ledger is validated without them (expired: the sequence is free again, and any reserved above it
// will expire too, since they wait for it). After a restart the reservations are read back from the
// stored broadcasts that have not expired.
import type { BroadcastStore } from '../utxo/broadcast-store.ts';

interface Reservation {
  readonly validUntil: number;
  readonly spends: bigint;
}

export interface HotAccountState {
  /** The account's next sequence in the current (open) ledger. */
  readonly sequence: number;
  readonly validatedIndex: number;
}

export class SequenceAllocator {
  readonly #reserved = new Map<number, Reservation>();
  #seeded: Promise<void> | undefined;

  constructor(
    private readonly store: BroadcastStore,
    private readonly network: string,
  ) {}

  /** The next free sequence and what reserved, not yet applied transactions still spend. */
  async next(state: HotAccountState): Promise<{ sequence: number; pending: bigint }> {
    this.#seeded ??= this.#seed(state.validatedIndex).catch((error: unknown) => {
      this.#seeded = undefined;
      throw error;
    });
    await this.#seeded;
    let next = state.sequence;
    let pending = 0n;
    for (const [sequence, reservation] of this.#reserved) {
      if (sequence < state.sequence || reservation.validUntil <= state.validatedIndex) {
        this.#reserved.delete(sequence);
        continue;
      }
      next = Math.max(next, sequence + 1);
      pending += reservation.spends;
    }
    return { sequence: next, pending };
  }

  reserve(sequence: number, reservation: Reservation): void {
    this.#reserved.set(sequence, reservation);
  }

  async #seed(validatedIndex: number): Promise<void> {
    for (const stored of await this.store.unexpired(this.network, validatedIndex)) {
      if (stored.nonce !== undefined && stored.validUntil !== undefined) {
        this.reserve(stored.nonce, { validUntil: stored.validUntil, spends: stored.amount + stored.fee });
      }
    }
  }
}
