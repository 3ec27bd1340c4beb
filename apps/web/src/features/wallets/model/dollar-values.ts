// The US-dollar values the wallets screen shows, from each amount and its price, rounded once to the
// cent half to even (ADR 0035), as the API rounds its own usdValue and totalBalance.
import type { Dashboard, Wallet } from '@rora/contracts';
import { usdCentsOf, usdCentsOfParts } from '../../../lib/format/numbers.ts';

/** What the wallets' available balances are worth, in cents: one wallet's, or the sum of the list. */
export function walletsCents(wallets: readonly Wallet[]): bigint {
  return usdCentsOf(wallets.map((wallet) => ({ amount: wallet.balance, usdPrice: wallet.usdPrice })));
}

/**
 * What the customer is worth, in cents (every asset's total at its price: what they hold, less what
 * they owe lenders). Below zero only when the debts are more than everything held.
 */
export function portfolioCents(dashboard: Dashboard): bigint {
  return usdCentsOf(dashboard.assets.map((asset) => ({ amount: asset.total, usdPrice: asset.usdPrice })));
}

/**
 * Where the portfolio's coins are, in the order the summary lists them, and last what is owed to
 * lenders: the holdings less the debt add up to each asset's total.
 */
export const PORTFOLIO_PARTS = ['available', 'held', 'staked', 'loanEscrow', 'lent', 'cold', 'owed'] as const;
export type PortfolioPart = (typeof PORTFOLIO_PARTS)[number];

/** A debt counts against the total: its amount negated ('1.5' → '-1.5'; '0' stays). */
const against = (amount: string): string => (amount === '0' || amount.startsWith('-') ? amount : `-${amount}`);

/**
 * What each part of the portfolio is worth, in cents, adding up to `portfolioCents` to the cent: each
 * part is valued like the total, and the total's rounding is shared out by largest remainder
 * (usdCentsOfParts). `owed` is negative: what the debts take from the total.
 */
export function portfolioPartsCents(dashboard: Dashboard): Record<PortfolioPart, bigint> {
  const cents = usdCentsOfParts(
    PORTFOLIO_PARTS.map((part) =>
      dashboard.assets.map((asset) => ({
        amount: part === 'owed' ? against(asset.owed) : asset[part],
        usdPrice: asset.usdPrice,
      })),
    ),
  );
  return Object.fromEntries(PORTFOLIO_PARTS.map((part, index) => [part, cents[index] ?? 0n])) as Record<
    PortfolioPart,
    bigint
  >;
}

/** The coins owed to lenders, per asset that has a debt, as the API sends them. */
export function owedCoins(dashboard: Dashboard): { asset: string; amount: string }[] {
  return dashboard.assets
    .filter((asset) => asset.owed !== '0')
    .map((asset) => ({ asset: asset.assetSymbol, amount: asset.owed }));
}
