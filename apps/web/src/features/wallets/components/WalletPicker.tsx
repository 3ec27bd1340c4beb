// The wallet picker modal (spec §2): every wallet, favourites first, with a search above five of
// them (as the app's dropdowns do). Choosing one makes it active and closes the picker.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Wallet } from '@rora/contracts';
import { Dialog } from '../../../components/dialog/Dialog.tsx';
import { TextField } from '../../../components/text-field/TextField.tsx';
import { DROPDOWN_SEARCH_THRESHOLD } from '../../../lib/constants.ts';
import { searchWallets } from '../model/wallet-order.ts';
import { WalletRow } from './WalletRow.tsx';

export interface WalletPickerProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly wallets: readonly Wallet[];
  readonly activeId: string | undefined;
  readonly onSelect: (wallet: Wallet) => void;
}

export function WalletPicker({ open, onOpenChange, wallets, activeId, onSelect }: WalletPickerProps) {
  const { t } = useTranslation('wallets');
  const [query, setQuery] = useState('');
  const shown = searchWallets(wallets, query);
  const close = (next: boolean) => {
    if (!next) setQuery('');
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={close} title={t('list.pickerTitle')} closeLabel={t('confirm.close')}>
      {wallets.length > DROPDOWN_SEARCH_THRESHOLD ? (
        <TextField
          label={t('list.search')}
          type="search"
          value={query}
          autoComplete="off"
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
      ) : null}
      {shown.length === 0 ? <p className="wallets__muted">{t('list.noMatch')}</p> : null}
      <ul className="wallet-list wallet-list--picker">
        {shown.map((wallet) => (
          <WalletRow
            key={wallet.id}
            wallet={wallet}
            active={wallet.id === activeId}
            onSelect={(chosen) => {
              setQuery('');
              onSelect(chosen);
            }}
          />
        ))}
      </ul>
    </Dialog>
  );
}
