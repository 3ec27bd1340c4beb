// Tells a customer when an order of theirs on Rora's book has filled in full (issue 19 defect 8): a
// notification in the bell, written by the web app in the reader's language from its params. The
// house's market participants (the market maker, the sandbox flow) are not told. The notification is
// stored by the batch that filled the order, in its transaction (orders_commit_batch.sql): a trade
// that committed has its notification, and one undone has none. It is pushed to the customer's
// stream once the batch has committed.
import type { NotificationParams, PairSymbol } from '@rora/contracts';
import type { NotificationInput, NotificationService, PreparedNotification } from '../notifications/index.ts';
import type { CommittedBatch } from './order-sequencer.ts';
import { fillsOf, type FillRecord, type OrderState } from './order-state.ts';
import { orderView } from './order-view.ts';

interface NotifierLog {
  warn(fields: object, message: string): void;
}

export interface FillNotifier {
  /** An account that trades for the house: its fills are not announced. */
  markHouse(userId: string): void;
  /** The notifications of a batch's orders filled in full, prepared for the batch to store. */
  noticesOf(orders: readonly OrderState[], fills: readonly FillRecord[]): PreparedNotification[];
  /** Pushes a committed batch's notifications to their owners' streams. */
  onBatch(batch: CommittedBatch): void;
}

/** What the customer is told of an order that filled in full. */
function filledNotice(order: OrderState, batchFills: readonly FillRecord[]): NotificationInput<'order_filled'> {
  const view = orderView(order, fillsOf(order, batchFills));
  const [base, quote] = view.symbol.split('/') as [string, string];
  const data: NotificationParams<'order_filled'> = {
    orderId: order.id,
    symbol: view.symbol as PairSymbol,
    side: view.side,
    amount: view.filledAmount,
    averagePrice: view.averagePrice ?? '0',
    total: view.filledTotal,
  };
  const verb = view.side === 'buy' ? 'bought' : 'sold';
  const message = `Your ${view.side} order on ${view.symbol} filled: you ${verb} ${data.amount} ${base} at an average price of ${data.averagePrice} ${quote}.`;
  return { kind: 'order_filled', message, data };
}

export function createFillNotifier(deps: { notifications: NotificationService; log: NotifierLog }): FillNotifier {
  const house = new Set<string>();

  return {
    markHouse: (userId) => void house.add(userId),
    noticesOf(orders, fills) {
      const filled = orders.filter((order) => order.status === 'filled' && !house.has(order.userId));
      if (filled.length === 0) return [];
      try {
        return deps.notifications.prepare(
          filled.map((order) => ({ userId: order.userId, input: filledNotice(order, fills) })),
        );
      } catch (error) {
        // A notice that cannot be written is a defect here; the trade goes ahead without it.
        const orderIds = filled.map((order) => order.id);
        deps.log.warn({ orderIds, error: (error as Error).name }, 'order filled notifications failed');
        return [];
      }
    },
    onBatch(batch) {
      if (batch.notices.length === 0) return;
      deps.notifications
        .announce(batch.notices)
        .catch((error: unknown) =>
          deps.log.warn({ error: (error as Error).name }, 'pushing order filled notifications failed'),
        );
    },
  };
}
