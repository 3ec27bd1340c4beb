// What a new writer of a market's books needs to send the trades its topic may not have sent (ADR
// 0073): how far back it looks when it heard nothing of the topic, how many trades go in a message,
// and how it keeps reading while the database fails.
import { setTimeout as pause } from 'node:timers/promises';

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
export async function readWhile<T>(going: () => boolean, read: () => Promise<T>): Promise<T> {
  for (let wait = RETRY_FIRST_MS; ; wait = Math.min(wait * 2, RETRY_MOST_MS)) {
    if (!going()) throw new HandoverAbandoned();
    const result = await read().then(
      (value) => ({ value }),
      // The database away, or this process's connection ended: try again while still the writer.
      () => null,
    );
    if (result && !going()) throw new HandoverAbandoned();
    if (result) return result.value;
    await pause(wait, undefined, { ref: false });
  }
}
