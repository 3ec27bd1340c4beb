// How a new writer of a market's books sends the trades its topic may not have sent (ADR 0073): how
// far back it looks, a page of stored trades at a time, oldest first, and how it keeps reading while
// the database fails. The market's feed publishes each page and holds the writer's own trades.
import { setTimeout as pause } from 'node:timers/promises';
import type { Db } from '@rora/db';
import type { WriterStanding } from '../orders/index.ts';
import { readTradesBetween, readWindowFloor, type TradeRow } from './market-data.repository.ts';

/**
 * With no trade heard sent on the topic (this process started after the old writer's last message,
 * or the lone server restarted), a new writer sends again the trades stored within this long before
 * the old writer's newest. A trade waits at most 100 ms on its writer before it leaves (ADR 0060),
 * so only those of its last moments can be unsent; the rest of the 2 s covers a batch whose commit
 * came late after its clock was read (the trades' time) and a writer's event loop held up meanwhile.
 */
export const RESEND_WINDOW_MS = 2_000;
/**
 * The most trades in one message of a takeover (its trades to send again go out in several, oldest
 * first), and the most of its own it keeps in memory while those are read (the rest is read back).
 */
export const HANDOVER_TRADES = 1_000;
/** The wait after a takeover's read failed (the database away), doubled after each failure. */
const RETRY_FIRST_MS = 100;
/** The longest wait between two tries: the trades go out soon after the database is back. */
const RETRY_MOST_MS = 2_000;

/** The process no longer writes the market (or took it over again) before the takeover's reads ended. */
export class HandoverAbandoned extends Error {
  override readonly name = 'HandoverAbandoned';
}

/**
 * How often a takeover looks again at a lease in doubt (in memory, no database call): the lease is
 * renewed, or found lost, within a renewal or two (WRITER_PING_MS).
 */
const DOUBT_CHECK_MS = 100;

/**
 * Runs `read` until it succeeds, waiting longer after each failure, while the process still writes
 * the market: the trades to send stay in the database meanwhile. While its lease is in doubt (a
 * stall, its renewal not answered yet) the reads wait, and so does what they read: the topic's
 * messages are dropped meanwhile, and a renewal proves the process wrote the market all along, so
 * they go on from where they were. What it read once the process no longer writes the market is of
 * no use: another takeover, or another writer, sends it.
 */
export async function readWhile<T>(
  standing: () => WriterStanding,
  read: () => Promise<T>,
  failed: (error: unknown) => void = () => undefined,
): Promise<T> {
  for (let wait = RETRY_FIRST_MS; ; wait = Math.min(wait * 2, RETRY_MOST_MS)) {
    await whileInDoubt(standing);
    const result = await read().then(
      (value) => ({ value }),
      // The database away, or this process's connection ended: try again while still the writer.
      // Told all the same, so a failure that is no outage does not retry unseen.
      (error: unknown) => {
        failed(error);
        return null;
      },
    );
    if (result) {
      await whileInDoubt(standing);
      return result.value;
    }
    await pause(wait, undefined, { ref: false });
  }
}

/** Waits while the process may or may not write the market; throws once it surely does not. */
async function whileInDoubt(standing: () => WriterStanding): Promise<void> {
  for (let now = standing(); now !== 'writing'; now = standing()) {
    if (now === 'gone') throw new HandoverAbandoned();
    await pause(DOUBT_CHECK_MS, undefined, { ref: false });
  }
}

/** What this process knows as it becomes the writer of the market's shard (MarketRunners.onWriter). */
export interface Takeover {
  /** The newest trade stored when its books were read under the lock: the old writer's last. */
  through: bigint;
  /**
   * Whether this process writes the market, may still (its lease in doubt: the reads wait) or no
   * longer does (they stop): a takeover's reads are tried again until it no longer does.
   */
  standing(): WriterStanding;
}

interface HandoverDependencies {
  db: Db;
  pair: string;
  takeover: Takeover;
  /** False once the feed has begun another takeover. */
  current(): boolean;
  /** The newest trade heard sent on the topic, if any. */
  heard(): number | null;
  /** The feed's trades and day read again. */
  reload(): Promise<void>;
  /** Sends a page of stored trades, oldest first. */
  publish(rows: TradeRow[]): void;
  /** A read that failed and will be tried again. */
  failed?(error: unknown): void;
}

/** One takeover of a market's trades: `run` sends the old writer's, then the feed sends its own. */
export class TradesHandover {
  /** The newest of the writer's own trades the feed dropped from memory meanwhile: read back. */
  private spilled: bigint | null = null;

  constructor(private readonly deps: HandoverDependencies) {}

  /** Ends once every trade the topic may not have sent is out, or this takeover is given up. */
  async run(): Promise<void> {
    const standing = () => (this.deps.current() ? this.deps.takeover.standing() : 'gone');
    const failed = (error: unknown) => this.deps.failed?.(error);
    try {
      await readWhile(standing, () => this.deps.reload(), failed);
      let after = await readWhile(standing, () => this.unsentAfter(), failed);
      for (;;) {
        const through = this.through();
        const rows = await readWhile(standing, () => this.readPage(after, through), failed);
        if (rows.length > 0) this.deps.publish(rows);
        after = rows.at(-1)?.seq ?? after;
        // Every trade up to `through` is out, and no more of the writer's own were spilled meanwhile.
        if (rows.length < HANDOVER_TRADES && through === this.through()) return;
      }
    } catch (error) {
      if (!(error instanceof HandoverAbandoned)) throw error;
    }
  }

  /** The feed dropped its own trades up to `newest` from memory: they are read back before the rest. */
  spill(newest: bigint): void {
    if (this.spilled === null || newest > this.spilled) this.spilled = newest;
  }

  /**
   * The trade after which the topic may not have sent any: the newest heard sent, but none older
   * than RESEND_WINDOW_MS before the old writer's last (a writer sends its trades within 100 ms, so
   * older ones left; a stale mark must not send the market's history again).
   */
  private async unsentAfter(): Promise<bigint> {
    const { db, pair, takeover } = this.deps;
    const floor = await readWindowFloor(db, { pair, throughSeq: takeover.through, windowMs: RESEND_WINDOW_MS });
    const heard = BigInt(this.deps.heard() ?? 0);
    return heard > floor ? heard : floor;
  }

  /** The old writer's trades, and the writer's own that were spilled from memory while they were read. */
  private through(): bigint {
    const { through } = this.deps.takeover;
    return this.spilled !== null && this.spilled > through ? this.spilled : through;
  }

  private readPage(after: bigint, through: bigint): Promise<TradeRow[]> {
    const { db, pair } = this.deps;
    return readTradesBetween(db, { pair, afterSeq: after, throughSeq: through, limit: HANDOVER_TRADES });
  }
}
