// The set-up the send and cold wallet test files share: the app on a fresh database with Alice and
// Bob and their wallets, Alice's opening deposit confirmed, and the ledger invariants asserted after
// every test.
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { NetworkId } from '@rora/chains';
import { assertLedgerInvariants } from '@rora/ledger';
import type { TestApp } from '../../../testing/test-app.ts';
import { createWalletCustomer, createWalletTestApp, fund, type WalletCustomer } from './wallet-fixtures.ts';

export interface WalletSuite {
  readonly t: TestApp;
  /** Holds the opening deposit. */
  readonly alice: WalletCustomer;
  /** Holds nothing. */
  readonly bob: WalletCustomer;
}

/** Alice's opening deposit, confirmed before the first test. */
export interface OpeningDeposit {
  readonly network: NetworkId;
  readonly amount: string;
}

/** Registers the file's hooks; `ready` receives the suite before the first test runs. */
export function setUpWalletSuite(
  deposit: OpeningDeposit,
  ready: (suite: WalletSuite) => void,
  env: Record<string, string> = {},
): void {
  let t: TestApp | undefined;
  const app = () => {
    if (!t) throw new Error('the wallet suite has no app: its beforeAll failed');
    return t;
  };
  beforeAll(async () => {
    t = await createWalletTestApp({ env });
    const [alice, bob] = [await createWalletCustomer(t), await createWalletCustomer(t)];
    await fund(t, alice, deposit.network, deposit.amount);
    ready({ t, alice, bob });
  });
  afterEach(async () => {
    await assertLedgerInvariants(app().database.db);
  });
  afterAll(() => t?.close());
}
