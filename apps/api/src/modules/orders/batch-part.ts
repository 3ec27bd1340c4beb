// One market's share of a sequencer batch (order-sequencer.ts): its commands run through the
// market's book, the answers of its keyed orders, the book's depth once it ran, and the
// notifications it stores with it.
import type { Depth as EngineDepth } from '@rora/matching-engine';
import type { PreparedNotification } from '../notifications/index.ts';
import type { Batch } from './batch.ts';
import type { BookResult, MarketBook } from './market-book.ts';
import type { Command } from './order-sequencer.ts';
import type { FillRecord, OrderState } from './order-state.ts';
import { placedOrderAnswer } from './order-view.ts';

/** The notifications a market's share of a batch stores with it: prepared, not stored. */
export type NoticeMaker = (orders: readonly OrderState[], fills: readonly FillRecord[]) => PreparedNotification[];

/** One market's share of a batch. */
export interface Part {
  book: MarketBook;
  commands: Command[];
  batch: Batch;
  results: BookResult[];
  /** Answers of keyed orders, by index in `commands`. */
  answers: Map<number, string>;
  /** The book's depth once this batch ran: what it shows when the batch commits. */
  depth: EngineDepth;
  /** Notifications stored with the batch. */
  notices: PreparedNotification[];
}

/** A part that changed nothing: every command of it was refused while matching. */
export function isEmpty(part: Part): boolean {
  return part.batch.ops.length === 0 && part.batch.touched.size === 0 && part.answers.size === 0;
}

export function booksOf(commands: readonly Command[]): MarketBook[] {
  return [...new Set(commands.map((command) => command.book))];
}

/** Adds a batch's effect on available balances to balances read without it. */
export function applyChanges(available: Map<string, bigint>, batch: Batch): void {
  for (const [key, change] of batch.availableChanges) available.set(key, (available.get(key) ?? 0n) + change);
}

/** Runs one market's commands of the batch, and makes the answers of its keyed orders. */
export function runPart(
  book: MarketBook,
  all: readonly Command[],
  options: { now: Date; available: Map<string, bigint>; notices: NoticeMaker | undefined },
): Part {
  const commands = all.filter((command) => command.book === book);
  const batch = book.newBatch(options);
  const results = book.run(batch, commands);
  const answers = new Map<number, string>();
  commands.forEach((command, index) => {
    const result = results[index]!;
    if (command.kind !== 'place' || !command.input.idempotency || !result.ok) return;
    const order = batch.touched.get(result.orderId);
    if (order) answers.set(index, placedOrderAnswer(order, batch.fillsOf(order.id)).body);
  });
  const notices = options.notices?.([...batch.touched.values()], batch.fills) ?? [];
  return { book, commands, batch, results, answers, depth: book.snapshot(), notices };
}
