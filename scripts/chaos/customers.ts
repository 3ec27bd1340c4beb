// The chaos run's 50 customers: approved, signed in and funded straight through the database (fast),
// then given a PIN and their wallets over HTTP, as the app would.
import type { Database } from '@rora/db';
import { insertFundedCustomer, type Deposit } from '../../apps/api/src/modules/orders/testing/server-child.ts';
import { send } from './client.ts';
import { PIN, type Customer } from './operations.ts';

/** Each customer's starting money, in minor units. */
const FUNDS: readonly Deposit[] = [
  { asset: 'USDT', amount: 1_000_000n * 10n ** 6n },
  { asset: 'BTC', amount: 10n * 10n ** 8n },
  { asset: 'ETH', amount: 200n * 10n ** 18n },
];

async function prepare(baseUrl: string, token: string): Promise<Customer['wallets']> {
  const pin = await send(baseUrl, { method: 'POST', path: '/user/pin', token, body: { pin: PIN } });
  if (pin.status >= 300) throw new Error(`setting the PIN answered ${pin.status}: ${pin.text}`);
  const generated = await send(baseUrl, { method: 'GET', path: '/wallet/generate', token });
  if (generated.status !== 200) throw new Error(`wallet/generate answered ${generated.status}: ${generated.text}`);
  const wallets = generated.data!.wallets as Array<{ id: string; address: string; network: { id: string } }>;
  const wallet = (network: string) => {
    const found = wallets.find((item) => item.network.id === network);
    if (!found) throw new Error(`no ${network} wallet`);
    return { id: found.id, address: found.address };
  };
  return { btc: wallet('btc'), eth: wallet('eth') };
}

export async function createCustomers(database: Database, baseUrl: string, count: number): Promise<Customer[]> {
  const customers: Customer[] = [];
  for (let index = 0; index < count; index += 1) {
    const { userId, token } = await insertFundedCustomer(database, { emailPrefix: `chaos-${index}`, deposits: FUNDS });
    customers.push({ index, userId, token, wallets: await prepare(baseUrl, token), openOrders: [] });
  }
  return customers;
}
