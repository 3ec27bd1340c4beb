// What the access matrix's rows build for their owner: each a real object of that customer, created
// through the app's own routes or services (a notification, a second session, a KYC document, the
// wallets, a cold holding, a swap...), and calls made as a given customer.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { SwapQuote, WalletList } from '@rora/contracts';
import { schema } from '@rora/db';
import { fundCustomer } from '@rora/ledger/testing';
import { assetScale, parseAmount, type AssetSymbol } from '@rora/money';
import { enableTwoFactor, randomIp, totpCode } from '../modules/accounts/testing/customers.ts';
import { jpegWithGps, multipart, validIdentity } from '../modules/kyc/testing/kyc-fixtures.ts';
import { fund, TEST_PIN, type WalletCustomer } from '../modules/wallets/testing/wallet-fixtures.ts';
import type { TestApp } from '../testing/test-app.ts';
import { createTestUser, type TestUser } from '../testing/users.ts';
import { API_PREFIX } from './security-app.ts';

export { TEST_PIN, validIdentity };

export interface Caller {
  headers: Record<string, string>;
}

export const anonymous: Caller = { headers: {} };

export interface Request {
  method: string;
  /** Under /api/v1, parameters filled in. */
  path: string;
  /** A JSON body, or a multipart one (`multipart: true`, bytes in `payload`, its content type in `headers`). */
  body?: unknown;
  payload?: Buffer;
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

/** One request as `caller`, from its own client address (per-address limits never bite here). */
export function send(t: TestApp, caller: Caller, request: Request): Promise<LightMyRequestResponse> {
  const payload = request.payload ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
  return t.app.inject({
    method: request.method as 'GET',
    url: `${API_PREFIX}${request.path}`,
    remoteAddress: randomIp(),
    ...(request.query ? { query: request.query } : {}),
    headers: {
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...caller.headers,
      ...request.headers,
    },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** `json(t, owner, 'GET /wallet')`: the `data` of a 2xx answer (throws on any other). */
export async function json<T>(t: TestApp, caller: Caller, call: string, body?: unknown): Promise<T> {
  const [method, path] = call.split(' ') as [string, string];
  const response = await send(t, caller, { method, path, body });
  if (response.statusCode >= 300) throw new Error(`${call} answered ${response.statusCode}: ${response.body}`);
  return (response.json() as { data: T }).data;
}

export const newCustomer = (t: TestApp) => createTestUser(t);

export async function notificationOf(t: TestApp, owner: TestUser): Promise<string> {
  const notification = await t.app.services.notifications.notify(owner.userId, {
    kind: 'security_alert',
    message: 'A new device signed in to your account.',
  });
  return notification.id;
}

/** A second session of the owner (a phone, say), to sign out. */
export async function otherSessionOf(t: TestApp, owner: TestUser): Promise<string> {
  const { sessionId } = await t.app.services.sessions.create(owner.userId, { ip: '10.9.8.7', userAgent: 'phone' });
  return sessionId;
}

/** A real JPEG as the multipart body of an upload. */
export async function jpegUpload(): Promise<Pick<Request, 'payload' | 'headers'>> {
  const body = multipart([
    { name: 'file', fileName: 'document.jpg', contentType: 'image/jpeg', bytes: await jpegWithGps() },
  ]);
  return { payload: body.payload, headers: body.headers };
}

/** Uploads the owner's ID card and returns the stored document's id. */
export async function kycDocumentOf(t: TestApp, owner: TestUser): Promise<string> {
  const uploaded = await send(t, owner, {
    method: 'PUT',
    path: `/user/upload-id-card/${owner.userId}`,
    ...(await jpegUpload()),
  });
  if (uploaded.statusCode !== 200) throw new Error(`upload answered ${uploaded.statusCode}: ${uploaded.body}`);
  const { items } = await json<{ items: Array<{ id: string }> }>(
    t,
    owner,
    `GET /user/get-documents-name/${owner.userId}`,
  );
  return items[0]!.id;
}

/** The owner's wallets, generated on first use; a PIN is set for sends. */
export async function walletsOf(t: TestApp, owner: TestUser): Promise<WalletCustomer> {
  await t.app.services.accounts.pin.set(owner.userId, TEST_PIN);
  const { wallets } = await json<WalletList>(t, owner, 'GET /wallet/generate');
  return {
    ...owner,
    wallets,
    wallet(network) {
      const found = wallets.find((wallet) => wallet.network.id === network);
      if (!found) throw new Error(`no ${network} wallet`);
      return found;
    },
  };
}

/** The owner's BTC wallet holding `amount`, credited by a confirmed devnet deposit. */
export async function fundedBtcWallet(t: TestApp, owner: TestUser, amount = '0.01') {
  const customer = await walletsOf(t, owner);
  await fund(t, customer, 'btc', amount);
  return customer.wallet('btc');
}

export async function coldWalletOf(t: TestApp, owner: TestUser): Promise<string> {
  const { wallets } = await json<{ wallets: Array<{ id: string }> }>(t, owner, 'GET /coldwallet');
  return wallets[0]!.id;
}

/** Approved basic KYC, as the provider's decision would leave it. */
export async function approveKyc(t: TestApp, owner: TestUser): Promise<void> {
  await t.database.db.update(schema.users).set({ kycStatus: 'approved' }).where(eq(schema.users.id, owner.userId));
}

/** A firm BTC -> ETH quote for an approved customer holding 1 BTC. */
export async function swapQuoteOf(t: TestApp, owner: TestUser): Promise<SwapQuote> {
  await approveKyc(t, owner);
  await deposit(t, owner, 'BTC', '1');
  const query = new URLSearchParams({ from: 'BTC', to: 'ETH', quantity: '0.1' });
  return json<SwapQuote>(t, owner, `GET /convert?${query}`);
}

/** A swap the owner placed (through the service POST /order hands swaps to). */
export async function swapOf(t: TestApp, owner: TestUser): Promise<string> {
  const quote = await swapQuoteOf(t, owner);
  const swap = await t.app.services.swap.placeFromOrder({
    userId: owner.userId,
    body: { type: 'swap', quoteId: quote.id, symbol: 'BTC/ETH', amount: '0.1' },
  });
  return swap.id;
}

/** An active flexible stake of the owner's (10 USDT), placed through the staking service. */
export async function stakeOf(t: TestApp, owner: TestUser): Promise<string> {
  await approveKyc(t, owner);
  await deposit(t, owner, 'USDT', '10');
  const stake = await t.app.services.staking.service.stake({
    userId: owner.userId,
    body: { plan: 'usdt-flexible', amount: '10' },
  });
  return stake.id;
}

/** Money of the owner's own, as a deposit from outside would leave it. */
export async function deposit(t: TestApp, owner: TestUser, asset: AssetSymbol, whole: string): Promise<void> {
  await fundCustomer(t.database.db, { owner: owner.userId, asset, amount: parseAmount(whole, assetScale(asset)) });
}

/** A published audit snapshot that includes the owner (who holds some BTC). */
export async function auditSnapshotOf(t: TestApp, owner: TestUser): Promise<string> {
  await deposit(t, owner, 'BTC', '0.01');
  return (await t.app.services.audit.snapshot()).id;
}

/** A limit buy far below the market, resting on the book (so it can be read and cancelled). */
export async function openOrderOf(t: TestApp, owner: TestUser): Promise<string> {
  await approveKyc(t, owner);
  await deposit(t, owner, 'USDT', '100');
  return (
    await placeOrder(t, owner, { symbol: 'BTC/USDT', type: 'buy', orderType: 'limit', amount: '0.001', price: '1000' })
  ).id;
}

async function placeOrder(t: TestApp, trader: TestUser, body: Record<string, unknown>) {
  const response = await send(t, trader, { method: 'POST', path: '/order', body, headers: idempotencyKey() });
  if (response.statusCode !== 201) throw new Error(`POST /order answered ${response.statusCode}: ${response.body}`);
  return (response.json() as { data: { id: string; status: string } }).data;
}

const traded = new WeakSet<TestApp>();

/** One ETH/USDT trade between two customers, so the pair has a last price (alerts need one). */
export async function ensureEthTraded(t: TestApp): Promise<void> {
  if (traded.has(t)) return;
  const [seller, buyer] = [await createTestUser(t), await createTestUser(t)];
  for (const trader of [seller, buyer]) await approveKyc(t, trader);
  await deposit(t, seller, 'ETH', '1');
  await deposit(t, buyer, 'USDT', '1000');
  const order = { symbol: 'ETH/USDT', orderType: 'limit', amount: '0.1', price: '2000' };
  await placeOrder(t, seller, { ...order, type: 'sell' });
  const fill = await placeOrder(t, buyer, { ...order, type: 'buy' });
  if (fill.status !== 'filled') throw new Error(`the ETH/USDT buy is ${fill.status}, not filled`);
  traded.add(t);
}

/** A price alert far above the last ETH/USDT price. */
export async function alertOf(t: TestApp, owner: TestUser): Promise<string> {
  await ensureEthTraded(t);
  const body = { symbol: 'ETH/USDT', condition: 'above', price: '1000000' };
  return (await json<{ id: string }>(t, owner, 'POST /alert', body)).id;
}

/** An on-ramp purchase the owner started, and the session id of its sandbox widget. */
export async function purchaseOf(t: TestApp, owner: TestUser): Promise<{ id: string; sessionId: string }> {
  await approveKyc(t, owner);
  const body = { asset: 'BTC', fiatAmount: '150' };
  const response = await send(t, owner, { method: 'POST', path: '/order/init', body, headers: idempotencyKey() });
  if (response.statusCode !== 201)
    throw new Error(`POST /order/init answered ${response.statusCode}: ${response.body}`);
  const purchase = (response.json() as { data: { id: string; widget: { url: string } } }).data;
  const sessionId = new URL(purchase.widget.url, 'http://rora.test').pathname.split('/').at(-1)!;
  return { id: purchase.id, sessionId };
}

/** Authenticator 2FA generated but not yet on: the secret to compute codes with. */
export async function generatedTotpSecret(t: TestApp, owner: TestUser): Promise<string> {
  return (await json<{ secret: string }>(t, owner, 'POST /auth/2fa/generate-key')).secret;
}

/** Authenticator 2FA on; the next code is from a fresh time-step. */
export async function withTwoFactor(t: TestApp, owner: TestUser): Promise<string> {
  const { secret } = await enableTwoFactor(t, { ...owner, password: '' });
  return secret;
}

export const totpNow = (t: TestApp, secret: string) => totpCode(t, secret);

export const idempotencyKey = () => ({ 'idempotency-key': randomUUID() });

/** An open P2P loan request of the owner's: 1,000 USDT against 0.04 BTC (posted through the service). */
export async function loanRequestOf(t: TestApp, owner: TestUser): Promise<string> {
  await approveKyc(t, owner);
  await deposit(t, owner, 'BTC', '0.04');
  const body = {
    asset: 'USDT',
    amount: '1000',
    rateBps: 1000,
    termDays: 30,
    collateralAsset: 'BTC',
    collateralAmount: '0.04',
  };
  return (await t.app.services.lending.service.request({ userId: owner.userId, body })).id;
}

/** A loan the owner borrowed from a third customer, with the USDT to repay it. */
export async function borrowedLoanOf(t: TestApp, owner: TestUser, lender: TestUser): Promise<string> {
  const loanId = await loanRequestOf(t, owner);
  await approveKyc(t, lender);
  await deposit(t, lender, 'USDT', '1000');
  await t.app.services.lending.service.lend({ userId: lender.userId, loanId });
  await deposit(t, owner, 'USDT', '100');
  return loanId;
}
