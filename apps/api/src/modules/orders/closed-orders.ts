// The owners of the orders a book's committed batches closed (filled, cancelled, rejected), the
// most recent ones only. A closed order never opens again, so a cancel of one is refused from here
// (409 order_must_be_open) without reading its row; a cancel of an order not remembered reads it.
import type { OrderState } from './order-state.ts';
import { isOpenStatus } from './order-state.ts';

/**
 * About 2 MB a book (measured: 165 bytes an entry): ten seconds of a market closing 1,000 orders a
 * second, and a cancel that loses the race with a fill comes within a second or two of it.
 */
export const CLOSED_ORDERS_REMEMBERED = 10_000;

export class ClosedOrders {
  /** Order id to its customer, oldest first (a Map keeps insertion order). */
  private readonly owners = new Map<string, string>();

  constructor(private readonly capacity: number = CLOSED_ORDERS_REMEMBERED) {}

  /** The orders a committed batch touched: those it closed are remembered. */
  note(orders: Iterable<OrderState>): void {
    for (const order of orders) {
      if (isOpenStatus(order.status) || order.status === 'pending') continue;
      this.owners.set(order.id, order.userId);
      if (this.owners.size > this.capacity) this.owners.delete(this.owners.keys().next().value as string);
    }
  }

  /** The customer of a remembered closed order, or undefined. */
  owner(orderId: string): string | undefined {
    return this.owners.get(orderId);
  }
}
