// The split deployment, in real processes on one test database: the API with RUN_WORKER=false (it
// runs no job and no timer) beside the standalone worker (npm run worker). A swap, a KYC decision and
// an on-ramp purchase go end to end through HTTP; the worker settles the swap and decides the KYC
// application, and the customer hears of both live, on the API's WebSocket (PostgreSQL event bus).
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { OnrampPurchase, RealtimeMessage, Swap, SwapQuote } from '@rora/contracts';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { startWorker } from '@rora/worker';
import { jpegWithGps, multipart, validIdentity } from './modules/kyc/testing/kyc-fixtures.ts';
import { insertFundedCustomer, startServerChild, type ServerChild } from './modules/orders/testing/server-child.ts';
import { hashToken } from './modules/sessions/index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const secret = () => randomBytes(32).toString('hex');
const env = {
  NODE_ENV: 'test',
  IDENTITY_WEBHOOK_SECRET: secret(),
  ONRAMP_WEBHOOK_SECRET: secret(),
  SWAP_SETTLEMENT_DELAY_MS: '500',
  IDENTITY_SANDBOX_DECISION_DELAY_MS: '300',
  IDENTITY_SANDBOX_POLL_MS: '200',
  MARKET_MAKER: 'off',
};

let database: TestDatabase;
let api: ServerChild;
let worker: ServerChild;

beforeAll(async () => {
  database = await createTestDatabase();
  // server-process.ts sets RUN_WORKER=false; the API applies the migrations and seeds the sandbox.
  api = await startServerChild({ databaseUrl: database.url, env });
  worker = await startServerChild({
    databaseUrl: database.url,
    entryFile: path.join(here, 'worker-main.ts'),
    env: { ...env, LOG_LEVEL: 'info', RORA_READY_LINE: '1' },
  });
}, 90_000);

afterAll(async () => {
  for (const child of [worker, api]) {
    if (!child || child.child.exitCode !== null) continue;
    const exited = new Promise((resolve) => child.child.once('exit', resolve));
    child.child.kill('SIGTERM');
    await exited;
  }
  await database?.destroy();
});

interface Customer {
  userId: string;
  token: string;
}

async function call<T>(customer: Customer | null, method: string, url: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = customer ? { authorization: `Bearer ${customer.token}` } : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method === 'POST' && customer) headers['idempotency-key'] = crypto.randomUUID();
  const response = await fetch(`${api.baseUrl}${url}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

/** A customer signed in straight through the database, KYC not started. */
async function newCustomer(): Promise<Customer> {
  const { rows } = await database.pool.query<{ id: string }>(
    `INSERT INTO users (email, password_hash) VALUES ($1, 'test-only') RETURNING id`,
    [`split-${randomBytes(5).toString('hex')}@example.test`],
  );
  const token = randomBytes(32).toString('base64url');
  await database.pool.query(
    `INSERT INTO sessions (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`,
    [rows[0]!.id, hashToken(token)],
  );
  return { userId: rows[0]!.id, token };
}

/** The customer's WebSocket on the API, collecting every message. */
async function stream(customer: Customer) {
  const socket = new WebSocket(`${api.baseUrl.replace('http', 'ws')}/api/v1/ws`, ['bearer', customer.token]);
  const messages: RealtimeMessage[] = [];
  socket.on('message', (raw) => messages.push(JSON.parse(String(raw)) as RealtimeMessage));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  await until(() => messages.some((message) => message.type === 'ready'));
  return { messages, close: () => socket.close() };
}

async function until(check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out; worker said:\n${worker.output().slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const workerDid = (job: string) => worker.output().includes(`"job":"${job}"`);

describe('the API with RUN_WORKER=false beside a standalone worker', () => {
  it('settles a swap in the worker and tells the customer live through the API', async () => {
    const customer = await insertFundedCustomer(database, {
      emailPrefix: 'split-swap',
      deposits: [{ asset: 'BTC', amount: 100_000_000n }],
    });
    const live = await stream(customer);
    const quote = await call<SwapQuote>(customer, 'GET', '/api/v1/convert?from=BTC&to=USDT&quantity=0.01');
    const placed = await call<Swap>(customer, 'POST', '/api/v1/order', { type: 'swap', quoteId: quote.id });
    expect(placed.status).toBe('in_progress');
    await until(() =>
      live.messages.some(
        (message) =>
          message.channel === 'swaps' &&
          (message.data as Swap).id === placed.id &&
          (message.data as Swap).status === 'completed',
      ),
    );
    expect(workerDid('settle-swap')).toBe(true);
    const settled = await call<Swap>(customer, 'GET', `/api/v1/swaps/${placed.id}`);
    expect(settled.status).toBe('completed');
    live.close();
  }, 60_000);

  it('decides a KYC application in the worker and tells the customer live; then a card purchase', async () => {
    const customer = await newCustomer();
    const live = await stream(customer);
    await call(customer, 'PUT', `/api/v1/user/verify-user-identity/${customer.userId}`, validIdentity());
    const photo = await jpegWithGps();
    for (const kind of ['proof-of-residence', 'id-card', 'photo', 'photo-with-id-card']) {
      const body = multipart([{ name: 'file', fileName: `${kind}.jpg`, contentType: 'image/jpeg', bytes: photo }]);
      const response = await fetch(`${api.baseUrl}/api/v1/user/upload-${kind}/${customer.userId}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${customer.token}`, ...body.headers },
        body: body.payload,
      });
      expect(response.status, await response.clone().text()).toBe(200);
    }
    await call(customer, 'POST', '/api/v1/user/update-kyc-status', { status: 'waiting_for_approval' });
    // Only the worker runs the sandbox provider's timer: the API process with RUN_WORKER=false has none.
    const decided = (message: RealtimeMessage) =>
      message.channel === 'notifications' &&
      (message.data as { data?: { status?: string } }).data?.status === 'approved';
    await until(() => live.messages.some(decided));
    const kyc = await call<{ status: string }>(customer, 'GET', `/api/v1/user/kyc/${customer.userId}`);
    expect(kyc.status).toBe('approved');

    const purchase = await call<OnrampPurchase>(customer, 'POST', '/api/v1/order/init', {
      asset: 'USDT',
      fiatAmount: '150',
    });
    await call(null, 'POST', `${purchase.widget.url}/pay`, {
      cardNumber: '4242424242424242',
      expiry: '12/39',
      cvc: '123',
    });
    const completed = await call<OnrampPurchase>(customer, 'GET', `/api/v1/onramp/purchases/${purchase.id}`);
    expect(completed.status).toBe('completed');
    await until(() => live.messages.some((message) => message.channel === 'onramp'));
    // The on-ramp's job (webhook retries, expiry, notifications left unsent) runs in the worker too.
    const sender = await startWorker({ databaseUrl: database.url, log: console, jobs: [] });
    await sender.send('process-onramp');
    await sender.stop();
    await until(() => workerDid('process-onramp'));
    live.close();
  }, 60_000);
});
