// The cast of the tests of a takeover of the books (ADR 0073): the books' writer and a replica on its
// database for a file's tests, a seller of LTC and a buyer with USDT who trade on any replica, the
// buyer's socket that has seen a trade the writer sent as usual, and the check that the socket
// received every stored trade exactly once.
import { afterAll, beforeAll, expect } from 'vitest';
import type { App } from '../../../app.ts';
import type { TestApp } from '../../../testing/test-app.ts';
import { approvedCustomer } from '../../orders/testing/orders-fixtures.ts';
import {
  follow,
  placeOn,
  startReplica,
  startWriter,
  storedTradeIds,
  tradeAt,
  tradesSent,
  type Replica,
} from './replicas.ts';

const PAIR = 'LTC/USDT';

/** For the tests of the file (or describe) it is called in: the books' writer and a replica on its database, closed after. */
export function writerAndReplica(env: Record<string, string>): { readonly first: TestApp; readonly second: Replica } {
  let first: TestApp | undefined;
  let second: Replica | undefined;
  beforeAll(async () => {
    first = await startWriter(env);
    second = await startReplica(first, env);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });
  return {
    get first() {
      return first!;
    },
    get second() {
      return second!;
    },
  };
}

export type Customer = Awaited<ReturnType<typeof approvedCustomer>>;
export type Socket = Awaited<ReturnType<typeof follow>>;

export interface LtcTraders {
  seller: Customer;
  buyer: Customer;
  /** `amount` LTC at `price` on `app`: the seller's resting sell, then the buyer's buy, which fills. */
  trade(app: App, price: string, amount?: string): Promise<void>;
}

/** A seller with 5 LTC and a buyer with `usdt`, approved on `writer`'s database. */
export async function ltcTraders(writer: TestApp, usdt = '1000'): Promise<LtcTraders> {
  const seller = await approvedCustomer(writer, { LTC: '5' });
  const buyer = await approvedCustomer(writer, { USDT: usdt });
  const order = (side: 'buy' | 'sell', price: string, amount: string) => ({ symbol: PAIR, side, price, amount });
  return {
    seller,
    buyer,
    async trade(app, price, amount = '1') {
      expect((await placeOn(app, seller.headers, order('sell', price, amount))).statusCode).toBe(201);
      expect((await placeOn(app, buyer.headers, order('buy', price, amount))).json().data.status).toBe('filled');
    },
  };
}

/** The buyer's socket on `on`, following the market, once it has received a trade at 41 made on `writer`. */
export async function followPastFirstTrade(traders: LtcTraders, writer: App, on: App): Promise<Socket> {
  const socket = await follow(on, traders.buyer.token, 'market:LTC-USDT');
  await traders.trade(writer, '41');
  await tradeAt(socket.messages, '41');
  return socket;
}

/** Closes the socket, which must have received every trade `t`'s database stores for the market, each once. */
export async function expectEveryTradeOnce(socket: Socket, t: TestApp): Promise<void> {
  socket.close();
  const sent = tradesSent(socket.messages).map((trade) => trade.id);
  expect(sent.toSorted()).toEqual(await storedTradeIds(t, PAIR));
}
