// How a new writer of a market's books sends the trades its topic may not have sent (ADR 0073): how
// far back it looks, a page of stored trades at a time, oldest first, and how it keeps reading while
// the database fails. The market's feed publishes each page and holds the writer's own trades.
import { setTimeout as pause } from 'node:timers/promises';
import type { Db } from '@rora/db';
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

/** The process stopped writing the market (or took it over again) before the takeover's reads ended. */
export class HandoverAbandoned extends Error {
  override readonly name = 'HandoverAbandoned';
}

/**
 * Runs `read` until it succeeds, waiting longer after each failure, while `going()` holds (the
 * process still writes the market): the trades to send stay in the database meanwhile. What it read
 * once `going()` no longer holds is of no use: another takeover, or another writer, sends it.
 */
export async function readWhile<T>(
  going: () => boolean,
  read: () => Promise<T>,
  failed: (error: unknown) => void = () => undefined,
): Promise<T> {
  for (let wait = RETRY_FIRST_MS; ; wait = Math.min(wait * 2, RETRY_MOST_MS)) {
    if (!going()) throw new HandoverAbandoned();
    const result = await read().then(
      (value) => ({ value }),
      // The database away, or this process's connection ended: try again while still the writer.
      // Told all the same, so a failure that is no outage does not retry unseen.
      (error: unknown) => {
        failed(error);
        return null;
      },
    );
    if (result && !going()) throw new HandoverAbandoned();
    if (result) return result.value;
    await pause(wait, undefined, { ref: false });
  }
}

/** What this process knows as it becomes the writer of the market's shard (MarketRunners.onWriter). */
export interface Takeover {
  /** The newest trade stored when its books were read under the lock: the old writer's last. */
  through: bigint;
  /** Whether this process still writes the market: a takeover's reads are tried again until not. */
  writing(): boolean;
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
    const going = () => this.deps.current() && this.deps.takeover.writing();
    const failed = (error: unknown) => this.deps.failed?.(error);
    try {
      await readWhile(going, () => this.deps.reload(), failed);
      let after = await readWhile(going, () => this.unsentAfter(), failed);
      for (;;) {
        const through = this.through();
        const rows = await readWhile(going, () => this.readPage(after, through), failed);
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
