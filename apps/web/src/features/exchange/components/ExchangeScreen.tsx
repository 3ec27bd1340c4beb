// /dashboard/exchange (spec §2 Exchange): the pair and its ticker, the venue, the live chart, Rora's
// order book and recent trades, the order form, the customer's orders, alerts. On a desktop the chart
// sits in the centre with the book and trades beside it and the form always visible; on a phone the
// chart, book and trades are tabs and the order form opens in a bottom sheet (UI.md). Each panel has
// its own error boundary.
import { memo, useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAIR, DEFAULT_VENUE, pairSlug, parsePairSymbol, type PairSymbol } from '@rora/contracts';
import { ErrorState } from '../../../components/error-state/ErrorState.tsx';
import { availableOf, useBalances } from '../api/balances.ts';
import { useKycApproved } from '../../../lib/api/resources/user.ts';
import { useMarkets } from '../api/markets.ts';
import { useMarketStream } from '../api/market-stream.ts';
import { marketModel, type MarketModel } from '../model/market.ts';
import type { StreamState } from '../model/market-stream.ts';
import { AlertsDialog } from './AlertsDialog.tsx';
import { ConfirmOrderDialog } from './ConfirmOrderDialog.tsx';
import { MarketBar } from './MarketBar.tsx';
import { KycNotice, ShareNotice } from './Notices.tsx';
import { OrderBook } from './OrderBook.tsx';
import { OrderForm } from './OrderForm.tsx';
import { OrdersPanel } from './OrdersPanel.tsx';
import { PanelBoundary } from '../../../components/panel-boundary/PanelBoundary.tsx';
import { PriceChart } from './PriceChart.tsx';
import { RecentTrades } from './RecentTrades.tsx';
import { Segmented } from './Segmented.tsx';
import { TradeSheet } from './TradeSheet.tsx';
import { useMediaQuery } from './use-media-query.ts';
import { useOrderConfirm } from './use-order-confirm.ts';
import { useOrderForm } from './use-order-form.ts';
import './exchange.css';

type Pane = 'chart' | 'book' | 'trades';

// The screen renders again with every ticker, depth and trade message; these panels take nothing
// that changes with them (the market model is one object per pair), so they skip those renders.
const Chart = memo(PriceChart);
const Orders = memo(OrdersPanel);
const Share = memo(ShareNotice);
// These take only the part of the stream they show: a depth message redraws the book alone, a
// trade the trades, a ticker the bar and the alert's reference price.
const Bar = memo(MarketBar);
const Book = memo(OrderBook);
const Trades = memo(RecentTrades);
const Alerts = memo(AlertsDialog);

function Panel({
  title,
  className,
  children,
}: {
  readonly title?: string;
  readonly className: string;
  readonly children: ReactNode;
}) {
  const { t } = useTranslation('exchange');
  return (
    <section className={`exchange-panel ${className}`} aria-label={title}>
      {title ? <h2 className="exchange-panel__title">{title}</h2> : null}
      <PanelBoundary fallback={(retry) => <ErrorState title={t('panelError')} onRetry={retry} />}>
        {children}
      </PanelBoundary>
    </section>
  );
}

/** What the customer can spend of the pair's two assets, null until the balances are known. */
function useAvailable(market: MarketModel) {
  const balances = useBalances();
  const base = availableOf(balances.data, market.base);
  const quote = availableOf(balances.data, market.quote);
  return base === null || quote === null ? null : { base, quote };
}

/**
 * The order form, its confirmation and the phone's order sheet, kept with the screen: the
 * confirmation stays open when the layout changes under it (a window or tablet turned across the
 * phone breakpoint swaps the desktop panel for the sheet), and an order placed from the sheet closes it.
 */
function useOrderPanel(market: MarketModel, stream: StreamState | undefined, venue: string) {
  const available = useAvailable(market);
  const form = useOrderForm({ market, stream, available, venue });
  const [sheetOpen, setSheetOpen] = useState(false);
  const confirm = useOrderConfirm(form, () => setSheetOpen(false));
  return { available, form, confirm, sheetOpen, setSheetOpen };
}

export function ExchangeScreen() {
  const { t } = useTranslation('exchange');
  const [params, setParams] = useSearchParams();
  const symbol: PairSymbol = parsePairSymbol(params.get('pair') ?? '') ?? (DEFAULT_PAIR.symbol as PairSymbol);
  // The same model object on every render (one per pair), so effects keyed on it never restart.
  const market = marketModel(symbol);
  const [venue, setVenue] = useState<string>(DEFAULT_VENUE.id);
  const [pane, setPane] = useState<Pane>('chart');
  // The shell's breakpoint (shell.css): the sidebar and the phone layout never show together.
  const phone = useMediaQuery('(max-width: 899.98px)');
  const markets = useMarkets();
  const stream = useMarketStream(symbol);
  const kycApproved = useKycApproved();
  const state = stream.data;
  const { available, form, confirm, sheetOpen, setSheetOpen } = useOrderPanel(market, state, venue);
  // The same handler on every render, so the memoized market bar is not drawn again for it.
  const onPair = useCallback((next: PairSymbol) => setParams({ pair: pairSlug(next) }), [setParams]);
  const formProps = { form, confirm, market, available, venue, onVenue: setVenue, kycApproved };
  const show = (which: Pane) => !phone || pane === which;

  return (
    <div className="exchange">
      <header className="exchange__header">
        <h1>{t('title')}</h1>
        <Alerts market={market} lastPrice={state?.ticker?.lastPrice ?? null} />
      </header>
      <Bar market={market} ticker={state ? state.ticker : undefined} markets={markets.data} onPair={onPair} />
      {phone ? (
        <Segmented
          label={t('views')}
          segments={[
            { value: 'chart', label: t('chart') },
            { value: 'book', label: t('orderBook') },
            { value: 'trades', label: t('tradesTab') },
          ]}
          value={pane}
          onChange={setPane}
          className="exchange__panes"
        />
      ) : null}
      <div className="exchange__layout">
        <div className="exchange__grid">
          {show('chart') ? (
            <Panel className="exchange__chart" title={phone ? undefined : t('chart')}>
              <Chart key={symbol} market={market} />
            </Panel>
          ) : null}
          {show('book') ? (
            <Panel className="exchange__book" title={t('orderBook')}>
              <Book
                market={market}
                book={state?.book}
                lastPrice={state?.ticker?.lastPrice}
                onPrice={form.pick}
                rows={phone ? 8 : 12}
              />
            </Panel>
          ) : null}
          {show('trades') ? (
            <Panel className="exchange__trades" title={t('recentTrades')}>
              <Trades market={market} trades={state?.trades} />
            </Panel>
          ) : null}
          {!phone ? (
            <Panel className="exchange__form" title={t('placeOrder')}>
              <OrderForm {...formProps} />
            </Panel>
          ) : null}
        </div>
      </div>
      {/* Below the panes: the customer's profile arrives after the first paint, and a notice above
          them would push the chart and the book down (a layout shift) when it does. */}
      {kycApproved === false ? <KycNotice /> : null}
      <PanelBoundary fallback={(retry) => <ErrorState title={t('panelError')} onRetry={retry} />}>
        <Orders />
      </PanelBoundary>
      <Share />
      {phone ? <TradeSheet {...formProps} open={sheetOpen} onOpenChange={setSheetOpen} /> : null}
      <ConfirmOrderDialog confirm={confirm} form={form} market={market} venue={venue} />
    </div>
  );
}
