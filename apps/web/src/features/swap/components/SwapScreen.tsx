// /dashboard/swap (spec §2 Swap): the swap form with its live quote beside the customer's swaps and
// their states. Each panel has its own error boundary, so one failing never hides the other.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state/ErrorState.tsx';
import { PanelBoundary } from '../../../components/panel-boundary/PanelBoundary.tsx';
import { SwapHistory } from './SwapHistory.tsx';
import { SwapPanel } from './SwapPanel.tsx';
import './swap.css';

/** `aside`: what the route places under the swaps list (another feature's panel). */
export function SwapScreen({ aside }: { readonly aside?: ReactNode }) {
  const { t } = useTranslation('swap');
  const fallback = (retry: () => void) => <ErrorState title={t('panelError')} onRetry={retry} />;
  return (
    <div className="swap-screen">
      <header className="swap-screen__header">
        <h1>{t('title')}</h1>
        <p>{t('intro')}</p>
      </header>
      <div className="swap-screen__grid">
        <PanelBoundary fallback={fallback}>
          <SwapPanel />
        </PanelBoundary>
        <div className="swap-screen__side">
          <PanelBoundary fallback={fallback}>
            <SwapHistory />
          </PanelBoundary>
          {aside ? <PanelBoundary fallback={fallback}>{aside}</PanelBoundary> : null}
        </div>
      </div>
    </div>
  );
}
