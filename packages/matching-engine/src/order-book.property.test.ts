import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { OrderBook } from './order-book.ts';
import { collectEvents } from './emitter.ts';
import { ReferenceBook } from './testing/reference-book.ts';
import { commandSequence, testSeed, type BookCommand } from './testing/commands.ts';
import type { BookRules } from './validate.ts';
import type { EngineEvent, OpenOrder, OrderId, PlaceCommand } from './types.ts';

const seed = testSeed('matching-engine properties');
const runs = { seed, numRuns: 300 };

function apply(book: { place(c: PlaceCommand): void; cancel(id: OrderId): unknown }, command: BookCommand): void {
  if (command.kind === 'place') book.place(command.command);
  else book.cancel(command.orderId);
}

function runEngine(commands: BookCommand[], rules: BookRules) {
  const { sink, events } = collectEvents();
  const book = new OrderBook({ sink, hidden: rules.hidden, minNotionalTickLots: rules.minNotionalTickLots });
  const steps: Array<{ command: BookCommand; events: EngineEvent[] }> = [];
  for (const command of commands) {
    const from = events.length;
    apply(book, command);
    book.verify(); // structure intact and never crossed at rest, after every command
    steps.push({ command, events: events.slice(from) });
  }
  return { book, events, steps };
}

interface Placement {
  command: PlaceCommand;
  remaining: number;
  spentTickLots: number;
  closed: boolean;
}

/** Checks one fill against what both orders still had; returns nothing, throws on a breach. */
function checkFill(event: Extract<EngineEvent, { type: 'fill' }>, maker: Placement, taker: Placement): void {
  expect(event.qtyLots).toBeGreaterThan(0);
  expect(event.qtyLots).toBeLessThanOrEqual(maker.remaining);
  expect(event.qtyLots).toBeLessThanOrEqual(taker.remaining);
  expect(event.makerOwner).not.toBe(event.takerOwner);
  expect(event.priceTicks).toBe(maker.command.priceTicks);
  const limit = taker.command.priceTicks;
  if (limit !== undefined)
    expect(taker.command.side === 'buy' ? event.priceTicks <= limit : event.priceTicks >= limit).toBe(true);
  maker.remaining -= event.qtyLots;
  taker.remaining -= event.qtyLots;
  taker.spentTickLots += event.qtyLots * event.priceTicks;
  expect(event.makerRemainingLots).toBe(maker.remaining);
  if (taker.command.budgetTickLots === undefined) expect(event.takerRemainingLots).toBe(taker.remaining);
  else expect(taker.spentTickLots).toBeLessThanOrEqual(taker.command.budgetTickLots);
}

function checkClosed(placement: Placement, remainingLots: number): void {
  expect(placement.closed).toBe(false);
  placement.closed = true;
  if (placement.command.budgetTickLots === undefined) expect(remainingLots).toBe(placement.remaining);
}

/**
 * Replays the events against the commands: every lot of every accepted order ends filled, resting
 * or cancelled, exactly once; no fill exceeds what either order had left or the taker's limit; and
 * what buyers receive equals what sellers give, in lots and in tick-lots.
 */
function checkConservation(steps: Array<{ command: BookCommand; events: EngineEvent[] }>, open: OpenOrder[]): void {
  const live = new Map<OrderId, Placement>();
  const all: Placement[] = [];
  const balances = new Map<string, { base: number; quote: number }>();
  const move = (owner: unknown, base: number, quote: number) => {
    const balance = balances.get(String(owner)) ?? { base: 0, quote: 0 };
    balances.set(String(owner), { base: balance.base + base, quote: balance.quote + quote });
  };
  for (const { command, events } of steps)
    for (const event of events) {
      if (event.type === 'accepted' && command.kind === 'place') {
        const qtyLots = command.command.qtyLots ?? Number.MAX_SAFE_INTEGER;
        const placement = { command: command.command, remaining: qtyLots, spentTickLots: 0, closed: false };
        live.set(event.orderId, placement);
        all.push(placement);
      } else if (event.type === 'fill') {
        checkFill(event, live.get(event.makerOrderId) as Placement, live.get(event.takerOrderId) as Placement);
        const buyer = event.takerSide === 'buy' ? event.takerOwner : event.makerOwner;
        const seller = event.takerSide === 'buy' ? event.makerOwner : event.takerOwner;
        move(buyer, event.qtyLots, -event.qtyLots * event.priceTicks);
        move(seller, -event.qtyLots, event.qtyLots * event.priceTicks);
      } else if (event.type === 'cancelled' && live.has(event.orderId)) {
        checkClosed(live.get(event.orderId) as Placement, event.remainingLots);
      } else if (event.type === 'done') {
        checkClosed(live.get(event.orderId) as Placement, 0);
      }
    }
  for (const order of open) expect(live.get(order.orderId)?.remaining).toBe(order.remainingLots);
  const openIds = new Set(open.map((order) => order.orderId));
  const unaccounted = [...live].filter(([id, placement]) => !placement.closed && !openIds.has(id));
  expect(unaccounted).toEqual([]);
  expect(all.filter((p) => !p.closed).length).toBe(open.length);
  const totals = [...balances.values()].reduce((sum, b) => ({ base: sum.base + b.base, quote: sum.quote + b.quote }), {
    base: 0,
    quote: 0,
  });
  expect(totals).toEqual({ base: 0, quote: 0 });
}

describe.each([
  { name: 'lit book', rules: { hidden: false, minNotionalTickLots: 0 } },
  { name: 'dark book', rules: { hidden: true, minNotionalTickLots: 400 } },
])('$name against the reference model', ({ rules }) => {
  it('emits exactly the events of the naive reference book', () => {
    fc.assert(
      fc.property(commandSequence(), (commands) => {
        const { events } = runEngine(commands, rules);
        const model = new ReferenceBook(rules);
        for (const command of commands) apply(model, command);
        expect(events).toEqual(model.events);
      }),
      runs,
    );
  });

  it('accounts for every lot, never fills past an order or its limit, and keeps value', () => {
    fc.assert(
      fc.property(commandSequence(), (commands) => {
        const { book, steps } = runEngine(commands, rules);
        checkConservation(steps, book.openOrders());
      }),
      runs,
    );
  });

  it('restores its open orders into a book that behaves identically', () => {
    fc.assert(
      fc.property(commandSequence(60), commandSequence(60), (before, after) => {
        const original = runEngine(before, rules);
        const copy = collectEvents();
        const restored = new OrderBook({ sink: copy.sink, ...rules });
        restored.restore(original.book.openOrders());
        restored.verify();
        expect(restored.openOrders()).toEqual(original.book.openOrders());
        const eventsBefore = original.events.length;
        // Later orders get fresh ids; cancels still reach the restored ones.
        for (const command of after) {
          const next: BookCommand =
            command.kind === 'place'
              ? { kind: 'place', command: { ...command.command, orderId: Number(command.command.orderId) + 5000 } }
              : command;
          apply(original.book, next);
          apply(restored, next);
        }
        expect(copy.events).toEqual(original.events.slice(eventsBefore));
        expect(restored.openOrders()).toEqual(original.book.openOrders());
      }),
      runs,
    );
  });
});
