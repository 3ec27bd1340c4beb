// Twins in one batch: two place commands with one customer's Idempotency-Key. They meet when a
// client retries on another replica (or on this one after hanging up) while its first request still
// waits for a batch, and both are forwarded here. Their answers would both go into the batch's
// insert of keys, whose unique index refuses the batch as a whole, every other order in it too, at
// each attempt (no twin is stored yet to blame). The first runs; each later one is told its twin is
// in progress, as a twin on another server is (batch-failure.ts), and its retry gets the answer.
import { AppError } from '../../lib/errors.ts';
import type { Command } from './order-sequencer.ts';

/** The commands with each key's first place command only; the later twins are answered here. */
export function withoutTwins(commands: Command[]): Command[] {
  const keys = new Set<string>();
  return commands.filter((command) => {
    if (command.kind !== 'place' || !command.input.idempotency) return true;
    const { userId, key } = command.input.idempotency;
    const id = `${userId}|${key}`;
    if (!keys.has(id)) {
      keys.add(id);
      return true;
    }
    command.settle.reject(new AppError('idempotency_request_in_progress'));
    return false;
  });
}
