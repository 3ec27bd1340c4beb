// What the bench's clients send: a mix of limit orders around each market's live mid (about a fifth
// cross), market orders and cancels of orders the bench left open, from customers drawn at random,
// so most requests find no cached session. Prices follow the market maker's book, read every 500 ms.
import { randomUUID } from 'node:crypto';
import type { Pool } from 'undici';
import { MARKET_DEFINITIONS, type PairSymbol } from '@rora/contracts';
import type { Customer } from './customers.ts';

/** The baseline route's table, created by the benchmark on its own database. */
export const BASELINE_TABLE = 'bench_baseline_rows';

export interface Result {
  kind: 'limit' | 'market' | 'cancel' | 'baseline';
  status: number;
  ms: number;
  code?: string;
}

interface Market {
  symbol: PairSymbol;
  /** Price decimals, and the tick and lot in units of their last decimal. */
  priceDecimals: number;
  tickUnits: number;
  lot: number;
  minNotional: number;
  /** Mid price in ticks, from the book (null until read). */
  midTicks: number | null;
}

const decimalsOf = (text: string) => text.split('.')[1]?.length ?? 0;

export function marketsFor(count: number): Market[] {
  const symbols = (Object.keys(MARKET_DEFINITIONS) as PairSymbol[]).filter((symbol) => symbol.endsWith('/USDT'));
  const chosen = ['BTC/USDT', 'ETH/USDT', 'LTC/USDT', ...symbols].filter((s, i, all) => all.indexOf(s) === i);
  if (count > chosen.length) throw new Error(`--markets: at most ${chosen.length} USDT markets are listed`);
  return chosen.slice(0, count).map((symbol) => {
    const definition = MARKET_DEFINITIONS[symbol as PairSymbol];
    const priceDecimals = decimalsOf(definition.tick);
    return {
      symbol: symbol as PairSymbol,
      priceDecimals,
      tickUnits: Math.round(Number(definition.tick) * 10 ** priceDecimals),
      lot: Number(definition.lot),
      minNotional: Number(definition.minNotional),
      midTicks: null,
    };
  });
}

/** Reads each market's mid from its depth; keeps the last one when a side is empty. */
export async function refreshMids(client: Pool, markets: Market[]): Promise<void> {
  for (const market of markets) {
    const path = `/api/v1/market/depth?symbol=${encodeURIComponent(market.symbol)}&levels=1`;
    const response = await client.request({ path, method: 'GET' });
    // An answer without a side (a refusal while the server starts) counts as no quote yet.
    const body = (await response.body.json()) as { data?: { bids?: string[][]; asks?: string[][] } };
    const [bid, ask] = [body.data?.bids?.[0]?.[0], body.data?.asks?.[0]?.[0]];
    if (bid === undefined || ask === undefined) continue;
    const mid = (Number(bid) + Number(ask)) / 2;
    market.midTicks = Math.round((mid * 10 ** market.priceDecimals) / market.tickUnits);
  }
}

/** Waits until the market maker has quoted both sides of every market. */
export async function awaitBooks(client: Pool, markets: Market[], timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await refreshMids(client, markets);
    const empty = markets.filter((market) => market.midTicks === null).map((market) => market.symbol);
    if (empty.length === 0) return;
    if (Date.now() > deadline)
      throw new Error(`no book to trade against on ${empty.join(', ')}: is the market maker on?`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export class Workload {
  /** Orders the bench placed that may still be open, to cancel later. */
  private readonly open: Array<{ customer: Customer; id: string }> = [];

  constructor(
    private readonly customers: Customer[],
    private readonly markets: Market[],
  ) {}

  customer(): Customer {
    return this.customers[Math.floor(Math.random() * this.customers.length)]!;
  }

  /** One operation of the mix: 60 % limit, 10 % market, 30 % cancel (a limit when none is open). */
  async next(client: Pool): Promise<Result> {
    const roll = Math.random();
    if (roll < 0.3 && this.open.length > 0) return this.cancel(client);
    const market = this.markets[Math.floor(Math.random() * this.markets.length)]!;
    if (market.midTicks === null) throw new Error(`${market.symbol} has no book to trade against`);
    return roll < 0.4 ? this.place(client, market, 'market') : this.place(client, market, 'limit');
  }

  private async place(client: Pool, market: Market, kind: 'limit' | 'market'): Promise<Result> {
    const side = Math.random() < 0.5 ? 'buy' : 'sell';
    const mid = market.midTicks!;
    const price = (mid * market.tickUnits) / 10 ** market.priceDecimals;
    const lots = Math.ceil((market.minNotional * 1.5) / (price * market.lot)) * (1 + Math.floor(Math.random() * 3));
    const amount = (lots * market.lot).toFixed(decimalsOf(String(market.lot)) || 8);
    const body: Record<string, string> = { symbol: market.symbol, side, amount, orderType: kind };
    if (kind === 'limit') {
      // -4..20 ticks behind the mid on the order's own side: about a fifth cross.
      const offset = Math.floor(Math.random() * 25) - 4;
      const ticks = side === 'buy' ? mid - offset : mid + offset;
      body.price = ((ticks * market.tickUnits) / 10 ** market.priceDecimals).toFixed(market.priceDecimals);
    }
    const customer = this.customer();
    const result = await send(client, { method: 'POST', path: '/api/v1/order', token: customer.token, body });
    if (result.status === 201 && kind === 'limit') {
      const order = JSON.parse(result.text) as { data: { id: string; status: string } };
      if (order.data.status === 'open' || order.data.status === 'partially_filled') {
        this.open.push({ customer, id: order.data.id });
      }
    }
    return { kind, status: result.status, ms: result.ms, code: result.code };
  }

  private async cancel(client: Pool): Promise<Result> {
    const at = Math.floor(Math.random() * this.open.length);
    const { customer, id } = this.open[at]!;
    this.open[at] = this.open[this.open.length - 1]!;
    this.open.pop();
    const result = await send(client, { method: 'DELETE', path: `/api/v1/order/${id}`, token: customer.token });
    // An order filled meanwhile cannot be cancelled: the service says so, which is not a failure.
    const filled = result.status === 409 && result.code === 'order_must_be_open';
    return {
      kind: 'cancel',
      status: filled ? 200 : result.status,
      ms: result.ms,
      code: filled ? undefined : result.code,
    };
  }

  /** The baseline: an authenticated request that inserts and commits one row (scripts/bench-orders/server.ts). */
  async baseline(client: Pool): Promise<Result> {
    const request = { method: 'POST' as const, path: '/api/v1/bench/baseline', token: this.customer().token, body: {} };
    const result = await send(client, { ...request, key: false });
    return { kind: 'baseline', status: result.status, ms: result.ms, code: result.code };
  }
}

async function send(
  client: Pool,
  request: { method: 'POST' | 'DELETE'; path: string; token: string; body?: object; key?: boolean },
): Promise<{ status: number; ms: number; text: string; code?: string }> {
  const started = performance.now();
  try {
    const headers: Record<string, string> = { authorization: `Bearer ${request.token}` };
    if (request.method === 'POST' && request.key !== false) headers['idempotency-key'] = randomUUID();
    if (request.body) headers['content-type'] = 'application/json';
    const body = request.body ? JSON.stringify(request.body) : undefined;
    const response = await client.request({ path: request.path, method: request.method, headers, body });
    const text = await response.body.text();
    const status = response.statusCode;
    const code = status >= 400 ? (/"code":"([a-z_]+)"/.exec(text)?.[1] ?? 'unknown') : undefined;
    return { status, ms: performance.now() - started, text, code };
  } catch {
    return { status: 0, ms: performance.now() - started, text: '', code: 'network_error' };
  }
}
