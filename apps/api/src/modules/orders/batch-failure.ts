// What a failed batch means for its commands. The ledger refused one order's hold (its balance was
// spent elsewhere): that order is refused, the rest run again. A keyed request's twin on another
// server stored its answer first: that request is told its twin is in progress. The batch before it
// did not commit (the chain), the database asked for a retry (serialization, deadlock), or the
// connection broke or the session was ended and the batch's mark shows it did not commit: everything
// runs again. This server no longer holds the writer lock: it takes it
// again first. Anything else is a fault: the batch's commands are refused.
import type { ErrorCode } from '@rora/contracts';
import type { Db } from '@rora/db';
import { isLedgerError, isRetryableTransactionError, sqlState } from '@rora/ledger';
import { BATCH_LEVEL } from './batch.ts';
import { isIdempotencyConflict, isNotTheWriter, isOutcomeUnknown, storedKeys } from './batch-commit.ts';
import type { Part } from './batch-part.ts';
import type { Command } from './order-sequencer.ts';

export interface BatchFailure {
  kind: 'retry' | 'not_the_writer' | 'fatal';
  /** For the log. */
  name: string;
  /** Commands answered with a refusal instead of running again. */
  refused: Map<Command, ErrorCode>;
}

/** SQLSTATE of a batch that found the chain not at the batch before it (orders_commit_batch). */
const OUT_OF_CHAIN = 'L0003';

export function isOutOfChain(error: unknown): boolean {
  return sqlState(error) === OUT_OF_CHAIN;
}

export async function classifyFailure(options: {
  db: Db;
  error: unknown;
  parts: readonly Part[];
}): Promise<BatchFailure> {
  const { error, parts } = options;
  const name = isLedgerError(error) ? error.code : (sqlState(error) ?? (error as Error).name);
  const refused = new Map<Command, ErrorCode>();
  if (isLedgerError(error)) {
    const command = refusedHold(parts, error.index);
    if (!command) return { kind: 'fatal', name, refused };
    refused.set(command, 'available_balance_must_cover_order');
    return { kind: 'retry', name, refused };
  }
  if (isIdempotencyConflict(error)) {
    for (const twin of await twins(options.db, parts)) refused.set(twin, 'idempotency_request_in_progress');
    return { kind: 'retry', name, refused };
  }
  if (isNotTheWriter(error)) return { kind: 'not_the_writer', name, refused };
  // A session that broke or was ended: the batch's mark showed it did not commit.
  if (isOutOfChain(error) || isRetryableTransactionError(error) || isOutcomeUnknown(error)) {
    return { kind: 'retry', name, refused };
  }
  return { kind: 'fatal', name, refused };
}

/** The keyed place commands whose key another server stored first. */
async function twins(db: Db, parts: readonly Part[]): Promise<Command[]> {
  const keyed = parts.flatMap((part) =>
    part.commands.flatMap((command) =>
      command.kind === 'place' && command.input.idempotency ? [{ command, request: command.input.idempotency }] : [],
    ),
  );
  const stored = await storedKeys(
    db,
    keyed.map(({ request }) => request),
  ).catch(() => new Set<string>());
  return keyed.filter(({ request }) => stored.has(`${request.userId}|${request.key}`)).map(({ command }) => command);
}

/** The place command whose hold the ledger refused, from the index of the refused operation. */
function refusedHold(parts: readonly Part[], index: number | undefined): Command | undefined {
  if (index === undefined) return undefined;
  let offset = 0;
  for (const part of parts) {
    const local = index - offset;
    offset += part.batch.ops.length;
    if (local >= part.batch.ops.length) continue;
    const commandIndex = part.batch.opCommand[local];
    if (commandIndex === undefined || commandIndex === BATCH_LEVEL || part.batch.ops[local]?.op !== 'hold') return;
    const command = part.commands[commandIndex];
    return command?.kind === 'place' ? command : undefined;
  }
  return undefined;
}
