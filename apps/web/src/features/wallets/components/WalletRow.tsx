// One wallet in the list or the picker: logo, coin, network, balance to 3 decimals with its symbol,
// and its US dollar value; the star marks a favourite (favourites come first).
import { useTranslation } from 'react-i18next';
import { Star } from 'lucide-react';
import type { Wallet } from '@rora/contracts';
import { formatUsd } from '../../../lib/format/numbers.ts';
import { walletsCents } from '../model/dollar-values.ts';
import { displayAmount } from '../model/transaction-view.ts';
import { AssetLogo } from './AssetLogo.tsx';

export interface WalletRowProps {
  readonly wallet: Wallet;
  readonly active: boolean;
  readonly onSelect: (wallet: Wallet) => void;
  readonly onToggleFavourite?: (wallet: Wallet) => void;
}

export function WalletRow({ wallet, active, onSelect, onToggleFavourite }: WalletRowProps) {
  const { t } = useTranslation('wallets');
  const { network } = wallet;
  return (
    <li className={`wallet-row${active ? ' is-active' : ''}`}>
      <button
        type="button"
        className="wallet-row__select"
        aria-current={active || undefined}
        onClick={() => onSelect(wallet)}
      >
        <AssetLogo src={network.logo} />
        <span className="wallet-row__name">
          <span className="wallet-row__symbol">{network.assetSymbol}</span>
          <span className="wallet-row__network">{network.name}</span>
        </span>
        <span className="wallet-row__amounts tabular">
          <span>
            {displayAmount(wallet.balance, network.decimals)} {network.assetSymbol}
          </span>
          <span className="wallet-row__usd">{formatUsd(walletsCents([wallet]))}</span>
        </span>
      </button>
      {onToggleFavourite ? (
        <button
          type="button"
          className={`wallet-row__star${wallet.favourite ? ' is-on' : ''}`}
          aria-pressed={wallet.favourite}
          aria-label={t(wallet.favourite ? 'list.unfavourite' : 'list.favourite', { asset: network.assetSymbol })}
          onClick={() => onToggleFavourite(wallet)}
        >
          <Star size={18} aria-hidden="true" fill={wallet.favourite ? 'currentColor' : 'none'} />
        </button>
      ) : null}
    </li>
  );
}
