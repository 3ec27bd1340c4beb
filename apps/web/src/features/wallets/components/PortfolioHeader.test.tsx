// Issue 19: the portfolio is valued at live prices; a held coin whose price no live source confirms
// is named as possibly out of date, and a stale price of a coin not held says nothing. Dollar values
// are rounded to the cent half to even from the amounts and prices, never cut (ADR 0035). Beside the
// total, where it is (available, on hold, staked, loan collateral, cold), in lines that add up to it;
// a borrower's debt is its own line, taken from the total, and a total below zero says why.
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Dashboard } from '@rora/contracts';
import { resourceKeys } from '../../../lib/api/resources/keys.ts';
import english from '../locales/en.json';
import { PortfolioHeader } from './PortfolioHeader.tsx';

type Asset = Dashboard['assets'][number];
const asset = (symbol: string, fields: Partial<Asset>): Asset => ({
  assetSymbol: symbol,
  name: symbol,
  logo: '',
  available: '0',
  held: '0',
  cold: '0',
  staked: '0',
  loanEscrow: '0',
  lent: '0',
  owed: '0',
  total: '0',
  usdPrice: '1',
  usdValue: '0.00',
  change24h: null,
  priceSource: 'venues',
  priceStale: false,
  ...fields,
});

async function renderWith(dashboard: Dashboard) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: false,
    resources: { en: { wallets: english } },
    defaultNS: 'wallets',
    interpolation: { escapeValue: false },
  });
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(resourceKeys.dashboard, dashboard);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <PortfolioHeader />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

afterEach(cleanup);

describe('the portfolio summary', () => {
  it('names the held coins whose price may be out of date', async () => {
    await renderWith({
      totalBalance: '9453.96',
      change24h: '-1.20',
      assets: [
        asset('BTC', { total: '0.2', usdValue: '9452.96', usdPrice: '47264.8', priceSource: 'market' }),
        asset('ADX', { total: '5', usdValue: '1.00', usdPrice: '0.2', priceSource: 'catalogue', priceStale: true }),
        asset('BUSD', { total: '0', priceSource: 'catalogue', priceStale: true }),
      ],
    });
    expect(screen.getByText('$9,453.96')).toBeTruthy();
    expect(screen.getByText('\u22121.20% in 24 hours')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'Price may be out of date for ADX: no live market price right now',
    );
  });

  it('says nothing about prices when every held coin has a live price', async () => {
    await renderWith({
      totalBalance: '100.00',
      change24h: '0.50',
      assets: [asset('BTC', { total: '0.01', priceSource: 'venues' }), asset('BUSD', { priceStale: true })],
    });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('rounds the dollar totals to the cent, half to even, where the API cut them', async () => {
    // 18,497.517951 USDT at $1 and 0.01866 BTC at $53,600.20 are worth $19,497.697683; the API sends
    // each value cut (18,497.51 and 1,000.17) and their sum, 19,497.68.
    const assets = [
      asset('USDT', { available: '18497.517951', total: '18497.517951', usdPrice: '1', usdValue: '18497.51' }),
      asset('BTC', { available: '0.01866', total: '0.01866', usdPrice: '53600.2', usdValue: '1000.17' }),
    ];
    await renderWith({ totalBalance: '19497.68', change24h: null, assets });
    expect(screen.getByText('$19,497.70', { selector: '.portfolio__total' })).toBeTruthy();
    expect(screen.getByText('$19,497.70', { selector: 'dd' })).toBeTruthy();
  });

  it('shows where the total is, in lines that add up to it to the cent', async () => {
    // USDT: 10.005 available and 20.005 on hold (each half a cent over); BTC: 0.1234 in the cold
    // wallet at $47,264.80, $5,832.47632. The total, $5,862.48632, reads $5,862.49; rounded one by
    // one, half to even, the lines would read 10.00 + 20.00 + 5,832.48 = 5,862.48.
    const assets = [
      asset('USDT', { available: '10.005', held: '20.005', total: '30.01', usdPrice: '1' }),
      asset('BTC', { cold: '0.1234', total: '0.1234', usdPrice: '47264.8' }),
    ];
    await renderWith({ totalBalance: '5862.47', change24h: null, assets });
    expect(screen.getByText('$5,862.49', { selector: '.portfolio__total' })).toBeTruthy();
    const parts = screen.getByLabelText('Where your portfolio is');
    const lines = [...parts.querySelectorAll('.portfolio__part')].map((line) => line.textContent);
    expect(lines).toEqual(['Available$10.00', 'On hold$20.01', 'Cold wallet$5,832.48']);
    expect(within(parts).getByRole('link', { name: 'Cold wallet' })).toBeTruthy();
  });

  it('leaves out the parts worth nothing and keeps the way to the cold wallet', async () => {
    const assets = [
      asset('USDT', { available: '100', staked: '50', loanEscrow: '25.5', lent: '40', total: '215.5', usdPrice: '1' }),
      asset('ETH', { held: '0.5', total: '0.5', usdPrice: null }),
    ];
    await renderWith({ totalBalance: '215.50', change24h: null, assets });
    const parts = screen.getByLabelText('Where your portfolio is');
    expect([...parts.querySelectorAll('.portfolio__part')].map((line) => line.textContent)).toEqual([
      'Available$100.00',
      'Staked$50.00',
      'Loan collateral$25.50',
      'Lent to borrowers$40.00',
    ]);
    expect(screen.getByRole('link', { name: 'Cold wallet' }).getAttribute('href')).toBe('/dashboard/cold-wallet');
  });

  it('takes what is owed to lenders from the total, as its own line with the coins owed', async () => {
    // Borrowed 1,000 USDT (available) against 0.025 BTC at $65,000 (collateral); the debt now is
    // 1,001.917809 USDT. What the customer is worth: 1,000 + 1,625 - 1,001.917809 = $1,623.082191.
    const assets = [
      asset('USDT', { available: '1000', owed: '1001.917809', total: '-1.917809', usdPrice: '1' }),
      asset('BTC', { loanEscrow: '0.025', total: '0.025', usdPrice: '65000' }),
    ];
    await renderWith({ totalBalance: '1623.08', change24h: null, assets });
    expect(screen.getByText('$1,623.08', { selector: '.portfolio__total' })).toBeTruthy();
    const parts = screen.getByLabelText('Where your portfolio is');
    expect([...parts.querySelectorAll('.portfolio__part')].map((line) => line.textContent)).toEqual([
      'Available$1,000.00',
      'Loan collateral$1,625.00',
      'Owed to lenders\u2212$1,001.921,001.917809 USDT',
    ]);
    expect(within(parts).getByText('1,001.917809 USDT')).toBeTruthy();
    expect(screen.queryByText(/You owe lenders more/)).toBeNull();
  });

  it('adds the lines up to the total to the cent with a debt among them', async () => {
    // Exact: 10.005 available, 0.006 owed: the total 9.999 reads $10.00, and so do the lines' sum.
    const assets = [asset('USDT', { available: '10.005', owed: '0.006', total: '9.999', usdPrice: '1' })];
    await renderWith({ totalBalance: '10.00', change24h: null, assets });
    expect(screen.getByText('$10.00', { selector: '.portfolio__total' })).toBeTruthy();
    const parts = screen.getByLabelText('Where your portfolio is');
    const dollars = [...parts.querySelectorAll('dd')].map((line) => line.firstChild?.textContent);
    expect(dollars).toEqual(['$10.01', '\u2212$0.01']);
  });

  it('shows a debt worth less than a cent by its coins, rounded up', async () => {
    // 0.0041 USDT owed beside 10.001 available: the total 9.9969 reads $10.00, the available line
    // $10.00, so the debt's line is left no cents, but it is owed.
    const assets = [asset('USDT', { available: '10.001', owed: '0.0041', total: '9.9969', usdPrice: '1' })];
    await renderWith({ totalBalance: '10.00', change24h: null, assets });
    const parts = screen.getByLabelText('Where your portfolio is');
    expect(within(parts).getByText('Owed to lenders')).toBeTruthy();
    expect(within(parts).getByText('0.0041 USDT')).toBeTruthy();
  });

  it('reads a total below zero with its minus sign and says the debts are larger', async () => {
    // The borrowed coins were spent: nothing but the collateral is left, worth less than the debt.
    const assets = [
      asset('USDT', { owed: '1001.917809', total: '-1001.917809', usdPrice: '1' }),
      asset('BTC', { loanEscrow: '0.025', total: '0.025', usdPrice: '30000' }),
    ];
    await renderWith({ totalBalance: '-251.92', change24h: null, assets });
    expect(screen.getByText('\u2212$251.92', { selector: '.portfolio__total' })).toBeTruthy();
    expect(
      screen.getByText('You owe lenders more than everything you hold: add funds and repay your loans.'),
    ).toBeTruthy();
  });
});
