// Compares a runner's book in memory with the open orders the database holds: the same orders, in
// the same sequence, at the same prices, with the same amounts left. Tests and the dev audit route
// call it; any difference means the book and the money records disagree.
import type { Db } from '@rora/db';
import type { MarketRunner } from './market-runner.ts';
import { loadOpenOrders } from './orders.repository.ts';

export interface BookAudit {
  symbol: string;
  equal: boolean;
  lit: number;
  dark: number;
  differences: string[];
}

export async function auditBook(db: Db, runner: MarketRunner): Promise<BookAudit> {
  const { market } = runner;
  const stored = await loadOpenOrders(db, market.symbol);
  const memory = runner.openOrders();
  const differences: string[] = [];
  for (const book of ['lit', 'dark'] as const) {
    const expected = stored
      .filter((order) => order.book === book)
      .map((order) => ({
        orderId: order.id,
        owner: order.userId,
        side: order.side,
        priceTicks: Number(order.price! / market.spec.tickSize),
        remainingLots: Number((order.quantity! - order.filledQuantity) / market.spec.lotSize),
      }));
    const actual = memory[book].map((order) => ({
      ...order,
      orderId: String(order.orderId),
      owner: String(order.owner),
    }));
    if (expected.length !== actual.length)
      differences.push(`${book}: ${actual.length} in memory, ${expected.length} stored`);
    expected.forEach((order, index) => {
      const other = actual[index];
      if (JSON.stringify(order) !== JSON.stringify(other)) {
        differences.push(`${book} #${index}: stored ${JSON.stringify(order)} but memory ${JSON.stringify(other)}`);
      }
    });
  }
  return {
    symbol: market.symbol,
    equal: differences.length === 0,
    lit: memory.lit.length,
    dark: memory.dark.length,
    differences: differences.slice(0, 20),
  };
}
