// Tells a customer when an order of theirs on Rora's book has filled in full (issue 19 defect 8): a
// notification in the bell, written by the web app in the reader's language from its params. The
// house's market participants (the market maker, the sandbox flow) are not told. Sent after the batch
// committed, best effort: a process that dies in between loses the notification, never the trade,
// which the order history and the wallet show.
import type { NotificationParams, PairSymbol } from '@rora/contracts';
import type { NotificationService } from '../notifications/index.ts';
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

  async function announce(order: OrderState, batch: CommittedBatch): Promise<void> {
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
    await deps.notifications.notify(order.userId, { kind: 'order_filled', message, data });
  }

  return {
    markHouse: (userId) => void house.add(userId),
    onBatch(batch) {
      for (const order of batch.orders) {
        if (order.status !== 'filled' || house.has(order.userId)) continue;
        announce(order, batch).catch((error: unknown) =>
          deps.log.warn({ orderId: order.id, error: (error as Error).name }, 'order filled notification failed'),
        );
      }
    },
  };
}
