// The portfolio summary above the wallets (GET /dashboard): what the customer is worth in US
// dollars (what they hold less what they owe lenders) and the day's change with a sign and an arrow
// (never colour alone), beside where it is (available, on hold, staked, loan collateral, lent, cold
// wallet) and the debt as its own line, with the coins owed, in lines that add up to the total to
// the cent, and a way to the cold wallet. Holdings are valued at the live price; when a held coin's
// price comes from no live source, the summary says which coins may be out of date. A total below
// zero (debts larger than everything held, the borrowed coins spent) reads with its minus sign and
// a sentence that says why, never as zero.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowDownRight, ArrowUpRight, Snowflake } from 'lucide-react';
import { Skeleton } from '../../../components/skeleton/Skeleton.tsx';
import { debtCoinsOf, formatPercent, formatUsd } from '../../../lib/format/numbers.ts';
import type { Dashboard } from '@rora/contracts';
import { useDashboard } from '../api/wallets-api.ts';
import { owedCoins, PORTFOLIO_PARTS, portfolioCents, portfolioPartsCents } from '../model/dollar-values.ts';

/** Coins held whose price no live source confirms. */
function staleHoldings(dashboard: Dashboard): string[] {
  return dashboard.assets.filter((asset) => asset.priceStale && asset.total !== '0').map((asset) => asset.assetSymbol);
}

function StaleNote({ assets }: { readonly assets: string[] }) {
  const { t } = useTranslation('wallets');
  if (assets.length === 0) return null;
  return (
    <p className="portfolio__stale" role="status">
      {t('portfolio.stale', { assets: assets.join(', ') })}
    </p>
  );
}

function Change({ value }: { readonly value: string | null }) {
  const { t } = useTranslation('wallets');
  if (value === null) return <p className="portfolio__change">{t('portfolio.changeUnknown')}</p>;
  const down = value.startsWith('-');
  const Arrow = down ? ArrowDownRight : ArrowUpRight;
  return (
    <p className={`portfolio__change tabular ${down ? 'is-down' : 'is-up'}`}>
      <Arrow size={16} aria-label={down ? t('portfolio.down') : t('portfolio.up')} />
      {t('portfolio.change', { value: formatPercent(value, { signed: true }) })}
    </p>
  );
}

function ColdLink() {
  const { t } = useTranslation('wallets');
  return (
    <Link to="/dashboard/cold-wallet" className="portfolio__cold">
      <Snowflake size={16} aria-hidden="true" />
      {t('portfolio.coldLink')}
    </Link>
  );
}

/** The debt's line: what it takes from the total, and the coins owed, rounded up (debtCoinsOf). */
function Owed({ dashboard, cents }: { readonly dashboard: Dashboard; readonly cents: bigint }) {
  return (
    <dd className="portfolio__owed tabular">
      <span>{formatUsd(cents)}</span>
      {owedCoins(dashboard).map(({ asset, amount }) => (
        <span key={asset} className="portfolio__coins">
          {debtCoinsOf(amount, asset)}
        </span>
      ))}
    </dd>
  );
}

function Total({ dashboard }: { readonly dashboard: Dashboard }) {
  const { t } = useTranslation('wallets');
  const cents = portfolioCents(dashboard);
  return (
    <>
      <p className="portfolio__total tabular">{formatUsd(cents)}</p>
      {cents < 0n ? <p className="portfolio__short">{t('portfolio.shortfall')}</p> : null}
    </>
  );
}

/** Where the total is: a line per part holding anything, the cold wallet's label its link. */
function Parts({ dashboard }: { readonly dashboard: Dashboard }) {
  const { t } = useTranslation('wallets');
  const cents = portfolioPartsCents(dashboard);
  // A debt under a cent can round to no cents; its coins are still shown.
  const owes = owedCoins(dashboard).length > 0;
  const shown = PORTFOLIO_PARTS.filter((part) => cents[part] !== 0n || (part === 'owed' && owes));
  return (
    <div className="portfolio__aside">
      {shown.length > 0 ? (
        <dl className="portfolio__parts" aria-label={t('portfolio.parts.label')}>
          {shown.map((part) => (
            <div key={part} className="portfolio__part">
              <dt>{part === 'cold' ? <ColdLink /> : t(`portfolio.parts.${part}`)}</dt>
              {part === 'owed' ? (
                <Owed dashboard={dashboard} cents={cents[part]} />
              ) : (
                <dd className="tabular">{formatUsd(cents[part])}</dd>
              )}
            </div>
          ))}
        </dl>
      ) : null}
      {shown.includes('cold') ? null : <ColdLink />}
    </div>
  );
}

export function PortfolioHeader() {
  const { t } = useTranslation('wallets');
  const dashboard = useDashboard();
  return (
    <section className="portfolio" aria-label={t('portfolio.label')}>
      <div>
        <p className="portfolio__label">{t('portfolio.label')}</p>
        {dashboard.data ? (
          <>
            <Total dashboard={dashboard.data} />
            <Change value={dashboard.data.change24h} />
            <StaleNote assets={staleHoldings(dashboard.data)} />
          </>
        ) : (
          <Skeleton width={200} height={40} />
        )}
      </div>
      {dashboard.data ? <Parts dashboard={dashboard.data} /> : <Skeleton width={220} height={96} />}
    </section>
  );
}
