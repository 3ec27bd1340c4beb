// The active wallet: its coin, network and balance (3 decimals, with what is on hold for sends in
// flight), the button that opens the wallet picker, and the four actions of spec §2 as tabs.
import { useTranslation } from 'react-i18next';
import { ChevronsUpDown } from 'lucide-react';
import type { Wallet } from '@rora/contracts';
import { formatUsd } from '../../../lib/format/numbers.ts';
import { Button } from '../../../components/button/Button.tsx';
import { walletsCents } from '../model/dollar-values.ts';
import { displayAmount } from '../model/transaction-view.ts';
import { AssetLogo } from './AssetLogo.tsx';
import { ReceivePanel } from './ReceivePanel.tsx';
import { SendPanel } from './SendPanel.tsx';
import { HistoryList, WalletTransactionList } from './TransactionList.tsx';

export const WALLET_TABS = ['send', 'receive', 'transactions', 'history'] as const;
export type WalletTab = (typeof WALLET_TABS)[number];

export interface ActiveWalletProps {
  readonly wallet: Wallet;
  readonly tab: WalletTab;
  readonly onTab: (tab: WalletTab) => void;
  readonly onPick: () => void;
}

function Tabs({ tab, onTab }: { readonly tab: WalletTab; readonly onTab: (tab: WalletTab) => void }) {
  const { t } = useTranslation('wallets');
  return (
    <div className="wallet-tabs" role="tablist" aria-label={t('tabs.label')}>
      {WALLET_TABS.map((name) => (
        <button
          key={name}
          type="button"
          role="tab"
          id={`wallet-tab-${name}`}
          aria-selected={tab === name}
          aria-controls="wallet-tabpanel"
          tabIndex={tab === name ? 0 : -1}
          className="wallet-tabs__tab"
          onClick={() => onTab(name)}
          onKeyDown={(event) => {
            const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
            if (step === 0) return;
            const next = WALLET_TABS[(WALLET_TABS.indexOf(name) + step + WALLET_TABS.length) % WALLET_TABS.length]!;
            onTab(next);
            document.getElementById(`wallet-tab-${next}`)?.focus();
          }}
        >
          {t(`tabs.${name}`)}
        </button>
      ))}
    </div>
  );
}

export function ActiveWallet({ wallet, tab, onTab, onPick }: ActiveWalletProps) {
  const { t } = useTranslation('wallets');
  const { network } = wallet;
  const held = displayAmount(wallet.held, network.decimals);
  return (
    <div className="active-wallet">
      <header className="active-wallet__header">
        <AssetLogo src={network.logo} size={44} />
        <div className="active-wallet__heading">
          <h2 className="active-wallet__name">
            {network.assetName}
            {network.assetName === network.assetSymbol ? null : (
              <span className="active-wallet__symbol"> {network.assetSymbol}</span>
            )}
          </h2>
          <p className="wallets__muted">{t('wallet.network', { network: network.name })}</p>
        </div>
        <Button variant="secondary" icon={<ChevronsUpDown size={18} />} onClick={onPick}>
          {t('list.change')}
        </Button>
      </header>
      <div className="active-wallet__balance">
        <p className="wallets__muted">{t('wallet.balance')}</p>
        <p className="active-wallet__amount tabular" data-testid="active-balance">
          {displayAmount(wallet.balance, network.decimals)} {network.assetSymbol}
        </p>
        <p className="wallets__muted tabular">{formatUsd(walletsCents([wallet]))}</p>
        {wallet.held !== '0' ? (
          <p className="wallets__muted tabular">{t('wallet.held', { amount: `${held} ${network.assetSymbol}` })}</p>
        ) : null}
      </div>
      <Tabs tab={tab} onTab={onTab} />
      <div id="wallet-tabpanel" role="tabpanel" aria-labelledby={`wallet-tab-${tab}`}>
        {tab === 'send' ? <SendPanel key={wallet.id} wallet={wallet} onSent={() => onTab('transactions')} /> : null}
        {tab === 'receive' ? <ReceivePanel wallet={wallet} /> : null}
        {tab === 'transactions' ? (
          <WalletTransactionList key={wallet.id} wallet={wallet} onReceive={() => onTab('receive')} />
        ) : null}
        {tab === 'history' ? <HistoryList /> : null}
      </div>
    </div>
  );
}
