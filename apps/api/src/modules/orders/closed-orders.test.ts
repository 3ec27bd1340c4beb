// The memory of closed orders: only closed orders, their owners, the most recent ones.
import { describe, expect, it } from 'vitest';
import { ClosedOrders } from './closed-orders.ts';
import type { OrderState } from './order-state.ts';

const order = (id: string, status: OrderState['status'], userId = `user-${id}`) =>
  ({ id, userId, status }) as OrderState;

describe('ClosedOrders', () => {
  it('remembers the owners of filled, cancelled and rejected orders, not of open or pending ones', () => {
    const closed = new ClosedOrders();
    closed.note([
      order('a', 'filled'),
      order('b', 'cancelled'),
      order('c', 'rejected'),
      order('d', 'open'),
      order('e', 'partially_filled'),
      order('f', 'pending'),
    ]);
    expect(['a', 'b', 'c', 'd', 'e', 'f'].map((id) => closed.owner(id))).toEqual([
      'user-a',
      'user-b',
      'user-c',
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('forgets the oldest beyond its capacity', () => {
    const closed = new ClosedOrders(2);
    closed.note([order('a', 'filled')]);
    closed.note([order('b', 'filled'), order('c', 'cancelled')]);
    expect(['a', 'b', 'c'].map((id) => closed.owner(id))).toEqual([undefined, 'user-b', 'user-c']);
  });
});
