// Tells a customer when an order of theirs on Rora's book has filled in full (issue 19 defect 8): a
// notification in the bell, written by the web app in the reader's language from its params. The
// house's market participants (the market maker, the sandbox flow) are not told. Sent after the batch
// committed, best effort: a process that dies in between loses the notification, never the trade,
// which the order history and the wallet show.
import type { NotificationParams, PairSymbol } from '@rora/contracts';
import type { NotificationInput, NotificationService } from '../notifications/index.ts';
import type { CommittedBatch } from './order-sequencer.ts';
import type { OrderState } from './order-state.ts';
import { orderView } from './order-view.ts';

interface NotifierLog {
  warn(fields: object, message: string): void;
}

export interface FillNotifier {
  /** An account that trades for the house: its fills are not announced. */
  markHouse(userId: string): void;
  onBatch(batch: CommittedBatch): void;
}

export function createFillNotifier(deps: { notifications: NotificationService; log: NotifierLog }): FillNotifier {
  const house = new Set<string>();

  /** What the customer is told of an order that filled in full. */
  function filledNotice(order: OrderState, batch: CommittedBatch): NotificationInput<'order_filled'> {
    const fills = batch.fills.filter((fill) => fill.takerOrderId === order.id || fill.makerOrderId === order.id);
    const view = orderView(order, fills);
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

  return {
    markHouse: (userId) => void house.add(userId),
    onBatch(batch) {
      const filled = batch.orders.filter((order) => order.status === 'filled' && !house.has(order.userId));
      if (filled.length === 0) return;
      // One statement for the batch's notifications: one each cost a round trip per filled order.
      const items = filled.map((order) => ({ userId: order.userId, input: filledNotice(order, batch) }));
      deps.notifications
        .notifyAll(items)
        .catch((error: unknown) =>
          deps.log.warn(
            { orderIds: filled.map((order) => order.id), error: (error as Error).name },
            'order filled notifications failed',
          ),
        );
    },
  };
}
