// Issue 20 (custody): an approved send that waits (the hot wallet is being refilled, or its chain's
// node is down) says why on its row, so a customer is not left guessing; a send that waits for
// nothing says nothing more. A fill's row writes its figures as ADR 0035 says (issue 19 follow-up).
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { WalletTransaction } from '@rora/contracts';
import english from '../locales/en.json';
import { TransactionRow } from './TransactionRow.tsx';

const heldSend = (waitingReason: WalletTransaction['waitingReason']): WalletTransaction => ({
  id: '6f1c2a9e-3b4d-4c5e-8f60-718293a4b5c6',
  walletId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  type: 'send',
  direction: 'out',
  assetSymbol: 'BTC',
  networkId: 'btc',
  amount: '0.0105',
  fee: '0.0005',
  status: 'pending',
  stage: 'held',
  confirmations: 0,
  requiredConfirmations: 2,
  txid: null,
  explorerUrl: null,
  counterparty: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  destinationTag: null,
  failureReason: null,
  waitingReason,
  createdAt: '2026-11-25T06:00:00.000Z',
  completedAt: null,
  source: { kind: 'send', id: '6f1c2a9e-3b4d-4c5e-8f60-718293a4b5c6' },
  trade: null,
  swap: null,
});

async function renderRow(transaction: WalletTransaction, decimals = 8) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: false,
    resources: { en: { wallets: english } },
    defaultNS: 'wallets',
    interpolation: { escapeValue: false },
  });
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <ul>
          <TransactionRow transaction={transaction} decimals={decimals} />
        </ul>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

afterEach(cleanup);

describe('a waiting send', () => {
  it.each([
    ['hot_wallet_short', /Waiting for our hot wallet to be refilled/],
    ['chain_degraded', /Waiting for the network to answer us again/],
  ] as const)('says why it waits (%s)', async (reason, text) => {
    await renderRow(heldSend(reason));
    expect(screen.getByRole('status').textContent).toMatch(text);
  });

  it('says nothing more when it waits for nothing', async () => {
    await renderRow(heldSend(null));
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('the figures of a fill', () => {
  const paid: WalletTransaction = {
    ...heldSend(null),
    type: 'trade',
    assetSymbol: 'USDT',
    networkId: 'usdt-erc20',
    amount: '1502.482049',
    fee: '1.502482',
    status: 'completed',
    stage: 'completed',
    counterparty: null,
    source: { kind: 'order', id: 'o2' },
    trade: {
      orderId: 'o2',
      symbol: 'BTC/USDT',
      side: 'buy',
      price: '53600.25',
      amount: '0.02803',
      total: '1502.482049',
    },
  };

  it('groups the price at the pair tick, and writes amount and fee as coin amounts', async () => {
    await renderRow(paid, 6);
    expect(screen.getByText('0.02803 BTC at 53,600.2 USDT (total 1,502.482049 USDT)')).toBeTruthy();
    expect(screen.getByText('−1,502.482049 USDT')).toBeTruthy();
    expect(screen.getByText('Including fee 1.502482 USDT')).toBeTruthy();
  });
});

describe('a send on the chain', () => {
  const broadcast: WalletTransaction = {
    ...heldSend(null),
    stage: 'broadcast',
    txid: '4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b',
    explorerUrl: 'https://mempool.space/tx/4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b',
  };

  it('names its address and txid cut in the middle, and its amount whole', async () => {
    await renderRow({ ...broadcast, amount: '12.34567891' });
    expect(screen.getByText('To bc1qw508…v8f3t4')).toBeTruthy();
    expect(screen.getByText('Transaction ID 4a5e1e4b…eda33b')).toBeTruthy();
    expect(screen.getByText('−12.34567891 BTC')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View on explorer' }).getAttribute('href')).toBe(broadcast.explorerUrl);
  });
});
