// /dashboard/wallets (spec §2): the portfolio summary, the wallet list (favourites first) beside the
// active wallet, which is the first one after loading (spec §4), and the picker modal to change it.
// Balances and transactions follow the session WebSocket (lib/ws dispatches `wallets` events).
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state/ErrorState.tsx';
import { Skeleton } from '../../../components/skeleton/Skeleton.tsx';
import { useToggleFavourite, useWallets } from '../api/wallets-api.ts';
import { activeWallet, orderWallets } from '../model/wallet-order.ts';
import { ActiveWallet, type WalletTab } from './ActiveWallet.tsx';
import { KycNotice } from './KycNotice.tsx';
import { PortfolioHeader } from './PortfolioHeader.tsx';
import { WalletPicker } from './WalletPicker.tsx';
import { WalletRow } from './WalletRow.tsx';
import './wallets.css';

function Loading() {
  return (
    <div className="wallets__layout" aria-busy="true">
      <Skeleton height={480} radius="var(--radius-lg)" className="wallets__list-skeleton" />
      <Skeleton height={480} radius="var(--radius-lg)" />
    </div>
  );
}

export function WalletsScreen() {
  const { t } = useTranslation('wallets');
  const wallets = useWallets();
  const favourite = useToggleFavourite();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const [tab, setTab] = useState<WalletTab>('transactions');
  const ordered = useMemo(() => orderWallets(wallets.data?.wallets ?? []), [wallets.data]);
  const active = activeWallet(ordered, chosenId);

  let body;
  if (wallets.data === undefined && wallets.isError) {
    body = <ErrorState onRetry={() => void wallets.refetch()} retrying={wallets.isFetching} />;
  } else if (wallets.data === undefined) {
    body = <Loading />;
  } else if (active === null) {
    body = <p className="wallets__muted">{t('list.empty')}</p>;
  } else {
    body = (
      <div className="wallets__layout">
        <nav className="wallets__list" aria-label={t('list.label')}>
          <h2 className="wallets__list-title">{t('list.label')}</h2>
          <ul className="wallet-list">
            {ordered.map((wallet) => (
              <WalletRow
                key={wallet.id}
                wallet={wallet}
                active={wallet.id === active.id}
                onSelect={(chosen) => setChosenId(chosen.id)}
                onToggleFavourite={(chosen) => favourite.mutate(chosen)}
              />
            ))}
          </ul>
        </nav>
        <ActiveWallet wallet={active} tab={tab} onTab={setTab} onPick={() => setPicking(true)} />
      </div>
    );
  }

  return (
    <div className="wallets">
      <header className="wallets__header">
        <h1>{t('title')}</h1>
        <p className="wallets__lead">{t('lead')}</p>
      </header>
      <KycNotice />
      <PortfolioHeader />
      {body}
      <WalletPicker
        open={picking}
        onOpenChange={setPicking}
        wallets={ordered}
        activeId={active?.id}
        onSelect={(chosen) => {
          setChosenId(chosen.id);
          setPicking(false);
        }}
      />
    </div>
  );
}
