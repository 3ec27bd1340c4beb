// GET /dashboard (the customer's portfolio: every asset's balances, their US dollar value and the
// day's change) and GET /assets/rora-assets (the catalogue with prices and networks). Values are at
// the live price (prices/live-prices.ts: Rora's market, else the venues' reference), exact, each
// rounded once to the cent, half to even (ADR 0035); the day's change of the portfolio values
// today's holdings at the prices of 24 hours ago. A price no live source confirms (the catalogue's,
// for anything but the quote asset) is marked stale.
// Beside the ledger's balances, the customer's running loans: a lender is to be paid back the
// principal they funded (`lent`, counted), so lending does not make it vanish from the total; a
// borrower owes what repaying now would cost (`owed`, subtracted), so borrowed coins sitting in
// available do not count as theirs. Collateral stays theirs until seized: it is in the ledger's
// loanEscrow (held, for an open request), counted once, there.
import { networksForAsset } from '@rora/chains';
import type { Dashboard, RoraAsset } from '@rora/contracts';
import type { Db, Tx } from '@rora/db';
import type { Balances, Ledger } from '@rora/ledger';
import { assetScale, formatAmount, isAssetSymbol } from '@rora/money';
import {
  formatCents,
  formatPrice,
  percentChange,
  toCents,
  usdValue,
  type LiveAssetQuote,
  type LivePriceService,
} from '../prices/index.ts';

export interface PortfolioService {
  dashboard(userId: string): Promise<Dashboard>;
  assets(): Promise<RoraAsset[]>;
}

const listed = (quotes: readonly LiveAssetQuote[]) => quotes.filter((quote) => isAssetSymbol(quote.symbol));

/** The asset every market quotes in: its catalogue price (the dollar peg) is its live price. */
const QUOTE_ASSET = 'USDT';

/** A customer's running loans, per asset, as the lending module reads them (its `holdings`). */
export interface LoanHoldings {
  /** The principal of the running loans they funded. */
  lent: ReadonlyMap<string, bigint>;
  /** What repaying the running loans they borrowed would cost now: principal and interest. */
  owed: ReadonlyMap<string, bigint>;
}

export type LoanHoldingsReader = (tx: Db | Tx, userId: string) => Promise<LoanHoldings>;

export function createPortfolioService(deps: {
  db: Db;
  ledger: Ledger;
  prices: LivePriceService;
  loans: LoanHoldingsReader;
}): PortfolioService {
  return {
    async dashboard(userId) {
      // The balances and the loans in one snapshot: a lend or repayment committing between two reads
      // would count its principal twice (lent, and back in the lender's balance; borrowed coins
      // without their debt) or not at all.
      const holdings = deps.db.transaction(
        async (tx) => [await deps.ledger.getBalances(tx, userId), await deps.loans(tx, userId)] as const,
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      const [[balances, { lent, owed }], quotes] = await Promise.all([holdings, deps.prices.quotes()]);
      const byAsset = new Map<string, Balances>(balances.map((balance) => [balance.asset, balance]));
      // Exact values, summed, rounded once to the cent for the total (prices/valuation.ts).
      let nowValue = 0n;
      let beforeValue: bigint | null = 0n;
      const assets = listed(quotes).map((quote) => {
        const scale = assetScale(quote.symbol);
        const balance = byAsset.get(quote.symbol);
        const lentOut = lent.get(quote.symbol) ?? 0n;
        const debt = owed.get(quote.symbol) ?? 0n;
        // Below zero only when the debt is more than everything held of the asset (borrowed coins spent).
        const total = (balance?.total ?? 0n) + lentOut - debt;
        const value = quote.usdPrice ? usdValue(total, scale, quote.usdPrice) : 0n;
        nowValue += value;
        if (total !== 0n) {
          beforeValue =
            beforeValue === null || quote.usdPrice24hAgo === null
              ? null
              : beforeValue + usdValue(total, scale, quote.usdPrice24hAgo);
        }
        const text = (minor: bigint | undefined) => formatAmount(minor ?? 0n, scale);
        return {
          assetSymbol: quote.symbol,
          name: quote.name,
          logo: quote.logo,
          available: text(balance?.available),
          held: text(balance?.held),
          cold: text(balance?.cold),
          staked: text(balance?.staked),
          loanEscrow: text(balance?.loanEscrow),
          lent: text(lentOut),
          owed: text(debt),
          total: text(total),
          usdPrice: quote.usdPrice ? formatPrice(quote.usdPrice) : null,
          usdValue: formatCents(toCents(value)),
          change24h: quote.change24h,
          priceSource: quote.source,
          priceStale: quote.source === 'catalogue' && quote.symbol !== QUOTE_ASSET,
        };
      });
      return { totalBalance: formatCents(toCents(nowValue)), change24h: percentChange(nowValue, beforeValue), assets };
    },

    async assets() {
      return listed(await deps.prices.quotes()).map((quote) => ({
        symbol: quote.symbol,
        name: quote.name,
        logo: quote.logo,
        decimals: assetScale(quote.symbol),
        usdPrice: quote.usdPrice ? formatPrice(quote.usdPrice) : null,
        change24h: quote.change24h,
        networks: networksForAsset(quote.symbol as Parameters<typeof networksForAsset>[0]).map((network) => ({
          id: network.id,
          name: network.name,
          confirmations: network.confirmations,
        })),
      }));
    },
  };
}
