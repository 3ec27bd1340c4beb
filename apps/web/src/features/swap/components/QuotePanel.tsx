// The live firm quote: what the customer receives (at the display precision, 8 decimals, cut: issue 19
// defect 9, never 18 decimals), what that is worth in US dollars after the spread and the fee,
// the rate, the reference rate, the spread and the fee apart, and a countdown to its expiry with a
// refresh. While the amount is not valid yet it says what to do; a refusal says why.
import { useTranslation } from 'react-i18next';
import { RefreshCw, TimerReset } from 'lucide-react';
import type { SwapQuote } from '@rora/contracts';
import { formatClock } from '../../../components/countdown/countdown.ts';
import { Skeleton } from '../../../components/skeleton/Skeleton.tsx';
import { formatUsd } from '../../../lib/format/numbers.ts';
import { bpsPercent } from '../model/quote-clock.ts';
import { coins, receiveWorthCents, significant } from '../model/display.ts';

export type QuoteView =
  | { readonly kind: 'idle' }
  | { readonly kind: 'loading' }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'ready'; readonly quote: SwapQuote; readonly secondsLeft: number };

function QuoteFigures({ quote }: { readonly quote: SwapQuote }) {
  const { t } = useTranslation('swap');
  const rows: Array<[string, string]> = [
    [t('quote.rate'), t('quote.rateValue', { from: quote.from, to: quote.to, rate: significant(quote.rate) })],
    [
      t('quote.referenceRate'),
      t('quote.rateValue', { from: quote.from, to: quote.to, rate: significant(quote.referenceRate) }),
    ],
    [t('quote.spread', { percent: bpsPercent(quote.spreadBps) }), coins(quote.spread, quote.to)],
    [t('quote.fee', { percent: bpsPercent(quote.feeBps) }), coins(quote.fee, quote.from)],
  ];
  return (
    <dl className="quote__rows">
      {rows.map(([term, value]) => (
        <div className="quote__row" key={term}>
          <dt>{term}</dt>
          <dd className="tabular">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function QuotePanel(props: {
  readonly view: QuoteView;
  readonly onRefresh: () => void;
  readonly refreshing: boolean;
}) {
  const { t } = useTranslation('swap');
  const { view } = props;
  const refresh = (
    <button type="button" className="quote__refresh" onClick={props.onRefresh} disabled={props.refreshing}>
      <RefreshCw size={16} aria-hidden="true" />
      {t('quote.refresh')}
    </button>
  );
  if (view.kind === 'idle') return <p className="quote quote--idle">{t('quote.enterAmount')}</p>;
  if (view.kind === 'loading') {
    return (
      <div className="quote" aria-busy="true">
        <p className="visually-hidden">{t('quote.loading')}</p>
        <Skeleton height="2rem" width="60%" />
        <Skeleton height="1rem" />
        <Skeleton height="1rem" />
      </div>
    );
  }
  if (view.kind === 'error') {
    return (
      <div className="quote quote--error" role="alert">
        <p className="quote__error">{view.message}</p>
        {refresh}
      </div>
    );
  }
  const { quote, secondsLeft } = view;
  return (
    <section className="quote" aria-label={t('quote.heading')}>
      <p className="quote__label">{t('quote.receive')}</p>
      <p className="quote__receive tabular" data-testid="quote-receive">
        {coins(quote.receive, quote.to)}
      </p>
      <p className="quote__worth">{t('quote.worth', { value: formatUsd(receiveWorthCents(quote)) })}</p>
      <QuoteFigures quote={quote} />
      <div className={['quote__expiry', secondsLeft === 0 ? 'quote__expiry--over' : ''].join(' ')}>
        <TimerReset size={16} aria-hidden="true" />
        <span role={secondsLeft === 0 ? 'alert' : undefined}>
          {secondsLeft > 0 ? t('quote.expiresIn', { time: formatClock(secondsLeft) }) : t('quote.expired')}
        </span>
        {refresh}
      </div>
    </section>
  );
}
