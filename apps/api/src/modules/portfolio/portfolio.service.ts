// GET /dashboard (the customer's portfolio: every asset's balances, their US dollar value and the
// day's change) and GET /assets/rora-assets (the catalogue with prices and networks). Values are at
// the live price (prices/live-prices.ts: Rora's market, else the venues' reference), rounded down;
// the day's change of the portfolio values today's holdings at the prices of 24 hours ago. A price
// no live source confirms (the catalogue's, for anything but the quote asset) is marked stale.
// Beside the ledger's balances, a lender's loans: the principal of each loan they funded that is
// still running is theirs to be paid back (`lent`), so lending does not make it vanish from the total.
import { sql } from 'drizzle-orm';
import { networksForAsset } from '@rora/chains';
import type { Dashboard, RoraAsset } from '@rora/contracts';
import type { Db, Tx } from '@rora/db';
import type { Balances, Ledger } from '@rora/ledger';
import { assetScale, formatAmount, isAssetSymbol, mulDiv } from '@rora/money';
import {
  formatCents,
  formatPrice,
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

/** Per asset, the principal of the running loans `userId` lent (loans_lender_idx). */
async function lentByAsset(db: Db | Tx, userId: string): Promise<Map<string, bigint>> {
  const rows = await db.execute<{ asset: string; lent: string }>(sql`
    SELECT asset, sum(principal)::text AS lent FROM loans
     WHERE lender_id = ${userId} AND status = 'active' GROUP BY asset`);
  return new Map(rows.rows.map((row) => [row.asset, BigInt(row.lent)]));
}

function change(now: bigint, before: bigint | null): string | null {
  if (before === null || before === 0n) return null;
  return formatAmount(mulDiv(now - before, 10_000n, before, 'half-up'), 2, { decimals: 2, rounding: 'down' });
}

export function createPortfolioService(deps: { db: Db; ledger: Ledger; prices: LivePriceService }): PortfolioService {
  return {
    async dashboard(userId) {
      // The balances and the loans in one snapshot: a lend or repayment committing between two reads
      // would count its principal twice (lent, and back in the lender's balance) or not at all.
      const holdings = deps.db.transaction(
        async (tx) => [await deps.ledger.getBalances(tx, userId), await lentByAsset(tx, userId)] as const,
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      const [[balances, lent], quotes] = await Promise.all([holdings, deps.prices.quotes()]);
      const byAsset = new Map<string, Balances>(balances.map((balance) => [balance.asset, balance]));
      // Exact values, summed, rounded once to the cent for the total (prices/valuation.ts).
      let nowValue = 0n;
      let beforeValue: bigint | null = 0n;
      const assets = listed(quotes).map((quote) => {
        const scale = assetScale(quote.symbol);
        const balance = byAsset.get(quote.symbol);
        const lentOut = lent.get(quote.symbol) ?? 0n;
        const total = (balance?.total ?? 0n) + lentOut;
        const value = quote.usdPrice ? usdValue(total, scale, quote.usdPrice) : 0n;
        nowValue += value;
        if (total > 0n) {
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
          total: text(total),
          usdPrice: quote.usdPrice ? formatPrice(quote.usdPrice) : null,
          usdValue: formatCents(toCents(value)),
          change24h: quote.change24h,
          priceSource: quote.source,
          priceStale: quote.source === 'catalogue' && quote.symbol !== QUOTE_ASSET,
        };
      });
      return { totalBalance: formatCents(toCents(nowValue)), change24h: change(nowValue, beforeValue), assets };
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
