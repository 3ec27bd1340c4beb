// What the chaos customers do: a seeded plan of operations (limit and market orders, cancels,
// internal and external sends, swaps, cold-wallet moves) drawn before the round runs, so a seed gives
// the same sequence, and their execution over HTTP. A write that gets no answer, a 5xx or a 409
// "in progress" is sent again with the same Idempotency-Key and body once the server is back, until
// it gets a definite answer or the retry window after the last recovery closes (then it "gave up":
// its outcome is unknown and it may have had at most one effect).
import { randomUUID } from 'node:crypto';
import { send, type Answer, type Call } from './client.ts';
import type { Prng } from '../../apps/api/src/testing/prng.ts';

export const OPERATION_KINDS = [
  'limit',
  'market',
  'cancel',
  'internal_send',
  'external_send',
  'swap',
  'cold_move',
] as const;
export type OperationKind = (typeof OPERATION_KINDS)[number];
const WEIGHTS: Record<OperationKind, number> = {
  limit: 30,
  market: 10,
  cancel: 12,
  internal_send: 14,
  external_send: 8,
  swap: 12,
  cold_move: 14,
};

/** The flows whose effect is a row: what "present exactly once" is checked against. */
export type Flow = 'order' | 'swap' | 'send' | 'cold_move';
const FLOW: Record<OperationKind, Flow | undefined> = {
  limit: 'order',
  market: 'order',
  cancel: undefined,
  internal_send: 'send',
  external_send: 'send',
  swap: 'swap',
  cold_move: 'cold_move',
};

export const RETRY_WINDOW_MS = 30_000;
const EXTERNAL = {
  btc: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  eth: '0x52908400098527886E0F7030069857D2E4169EE7',
};
export const PIN = '2580';

export interface Customer {
  readonly index: number;
  readonly userId: string;
  readonly token: string;
  readonly wallets: Record<'btc' | 'eth', { id: string; address: string }>;
  /** Ids of this customer's acknowledged orders that may still rest on the book. */
  readonly openOrders: string[];
}

export interface Operation {
  readonly index: number;
  readonly kind: OperationKind;
  readonly customer: number;
  /** Draws made when the plan was made (prices, amounts, counterparties), in [0, 1). */
  readonly draws: readonly number[];
}

export interface Outcome {
  readonly operation: Operation;
  readonly flow: Flow | undefined;
  readonly userId: string;
  readonly answer: Answer | undefined;
  readonly attempts: number;
  /** No definite answer within the retry window: the effect is unknown (at most one allowed). */
  readonly gaveUp: boolean;
  /** The id the 2xx answer named (order, swap, send or cold move; the order for a cancel). */
  readonly effectId?: string;
  /** Skipped before any write (a cancel with no open order, a swap whose quote was not given). */
  readonly skipped?: string;
}

/** What the runner tells an operation about the server: a fault underway, and when it recovered. */
export interface Conditions {
  readonly baseUrl: string;
  /** A fault is underway (injected and not yet recovered from). */
  faultActive(): boolean;
  /** When the last recovery ended (ms since the epoch). */
  lastRecoveryAt(): number;
  /** Every answer that is not definite (none, 5xx, 409 in progress): tallied, and a violation when no
   * outage excuses it (500, 503 without Retry-After). */
  interim(operation: Operation, answer: Answer): void;
}

export function planOperations(random: Prng, options: { count: number; customers: number; from: number }): Operation[] {
  const total = Object.values(WEIGHTS).reduce((sum, weight) => sum + weight, 0);
  return Array.from({ length: options.count }, (_, offset) => {
    let ticket = random.next() * total;
    const kind = OPERATION_KINDS.find((name) => (ticket -= WEIGHTS[name]) < 0) ?? 'limit';
    const customer = random.int(0, options.customers - 1);
    const draws = Array.from({ length: 4 }, () => random.next());
    return { index: options.from + offset, kind, customer, draws };
  });
}

const MARKETS = [
  { symbol: 'BTC/USDT', mid: 60_000, step: 1, decimals: 1, amounts: ['0.001', '0.002', '0.005'] },
  { symbol: 'ETH/USDT', mid: 3_000, step: 0.1, decimals: 2, amounts: ['0.01', '0.02', '0.05'] },
] as const;
const SWAPS = [
  { from: 'BTC', to: 'USDT', quantity: '0.001' },
  { from: 'USDT', to: 'ETH', quantity: '50' },
  { from: 'ETH', to: 'BTC', quantity: '0.02' },
] as const;
const COLD = [
  { asset: 'BTC', quantity: '0.01' },
  { asset: 'ETH', quantity: '0.1' },
  { asset: 'USDT', quantity: '100' },
] as const;

const at = <T>(items: readonly T[], draw: number): T => items[Math.floor(draw * items.length)]!;

/** The write an operation makes (after the swap's quote is known), or why it is skipped. */
function writeOf(operation: Operation, customers: Customer[], quoteId?: string): Omit<Call, 'token'> | string {
  const [a = 0, b = 0, c = 0] = operation.draws;
  const me = customers[operation.customer]!;
  const network = a < 0.5 ? 'btc' : 'eth';
  const amount = network === 'btc' ? '0.001' : '0.01';
  switch (operation.kind) {
    case 'limit': {
      const market = at(MARKETS, a);
      const side = b < 0.5 ? 'buy' : 'sell';
      const offset = Math.floor(c * 41) - 20;
      const price = (market.mid + (side === 'buy' ? -offset : offset) * market.step).toFixed(market.decimals);
      const body = { symbol: market.symbol, side, orderType: 'limit', price, amount: at(market.amounts, c) };
      return { method: 'POST', path: '/order', body };
    }
    case 'market': {
      const market = at(MARKETS, a);
      const body = {
        symbol: market.symbol,
        side: b < 0.5 ? 'buy' : 'sell',
        orderType: 'market',
        amount: at(market.amounts, c),
      };
      return { method: 'POST', path: '/order', body };
    }
    case 'cancel': {
      if (me.openOrders.length === 0) return 'no open order to cancel';
      return { method: 'DELETE', path: `/order/${at(me.openOrders, a)}` };
    }
    case 'internal_send': {
      const other = customers[(operation.customer + 1 + Math.floor(b * (customers.length - 1))) % customers.length]!;
      const body = { walletId: me.wallets[network].id, address: other.wallets[network].address, amount, pin: PIN };
      return { method: 'POST', path: '/wallet/sendTransaction', body: { ...body, priority: 'fast' } };
    }
    case 'external_send': {
      const body = { walletId: me.wallets[network].id, address: EXTERNAL[network], amount, pin: PIN, priority: 'fast' };
      return { method: 'POST', path: '/wallet/sendTransaction', body };
    }
    case 'swap':
      return quoteId ? { method: 'POST', path: '/order', body: { type: 'swap', quoteId } } : 'no swap quote';
    case 'cold_move': {
      const cold = at(COLD, a);
      const body = {
        type: b < 0.7 ? 'create' : 'withdraw',
        assetSymbol: cold.asset,
        quantity: cold.quantity,
        pin: PIN,
      };
      return { method: 'POST', path: '/coldwallet', body };
    }
  }
}

/** A definite answer: 2xx, or a 4xx that states the request's fate (not "still in progress"). */
function definite(answer: Answer): boolean {
  if (answer.status >= 200 && answer.status < 300) return true;
  return answer.status >= 400 && answer.status < 500 && answer.code !== 'idempotency_request_in_progress';
}

async function sendUntilAnswered(call: Call, operation: Operation, conditions: Conditions) {
  const started = Date.now();
  let attempts = 0;
  let answer: Answer | undefined;
  for (;;) {
    attempts += 1;
    answer = await send(conditions.baseUrl, call);
    if (definite(answer)) return { answer, attempts, gaveUp: false };
    conditions.interim(operation, answer);
    // A cancel has no key; sending it again is safe (a second one answers order_must_be_open).
    const windowClosed = Date.now() > Math.max(started, conditions.lastRecoveryAt()) + RETRY_WINDOW_MS;
    if (windowClosed && !conditions.faultActive()) return { answer, attempts, gaveUp: true };
    await new Promise((resolve) => setTimeout(resolve, Math.min(2_000, 200 * attempts)));
  }
}

async function quote(operation: Operation, me: Customer, conditions: Conditions): Promise<string | undefined> {
  const swap = at(SWAPS, operation.draws[0] ?? 0);
  const path = `/convert?from=${swap.from}&to=${swap.to}&quantity=${swap.quantity}`;
  const answer = await send(conditions.baseUrl, { method: 'GET', path, token: me.token });
  return answer.status === 200 ? (answer.data?.id as string | undefined) : undefined;
}

function effectIdOf(kind: OperationKind, answer: Answer): string | undefined {
  if (answer.status < 200 || answer.status >= 300 || !answer.data) return undefined;
  if (kind === 'cold_move') return (answer.data.move as { id?: string } | undefined)?.id;
  return answer.data.id as string | undefined;
}

export async function runOperation(
  operation: Operation,
  customers: Customer[],
  conditions: Conditions,
): Promise<Outcome> {
  const me = customers[operation.customer]!;
  const flow = FLOW[operation.kind];
  const base = { operation, flow, userId: me.userId };
  const quoteId = operation.kind === 'swap' ? await quote(operation, me, conditions) : undefined;
  const write = writeOf(operation, customers, quoteId);
  if (typeof write === 'string') return { ...base, answer: undefined, attempts: 0, gaveUp: false, skipped: write };
  const call: Call = {
    ...write,
    token: me.token,
    ...(write.method === 'POST' ? { idempotencyKey: randomUUID() } : {}),
  };
  const { answer, attempts, gaveUp } = await sendUntilAnswered(call, operation, conditions);
  const effectId = effectIdOf(operation.kind, answer);
  if (operation.kind === 'limit' && effectId && ['open', 'partially_filled'].includes(String(answer.data?.status))) {
    me.openOrders.push(effectId);
  }
  if (operation.kind === 'cancel' && answer.status !== 0) {
    const cancelled = write.path.slice('/order/'.length);
    if (me.openOrders.includes(cancelled)) me.openOrders.splice(me.openOrders.indexOf(cancelled), 1);
  }
  return { ...base, answer, attempts, gaveUp, ...(effectId ? { effectId } : {}) };
}
