// The menu links of spec §2, in its order. `withAccount` adds Account (the mobile menu's extra).
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ArrowLeftRight,
  CandlestickChart,
  Gem,
  Landmark,
  Snowflake,
  UserRound,
  Wallet,
  type LucideIcon,
} from 'lucide-react';

interface NavItem {
  readonly to: string;
  readonly key: string;
  readonly icon: LucideIcon;
}

const items: readonly NavItem[] = [
  { to: '/dashboard/wallets', key: 'wallets', icon: Wallet },
  { to: '/dashboard/exchange', key: 'exchange', icon: CandlestickChart },
  { to: '/dashboard/swap', key: 'swap', icon: ArrowLeftRight },
  { to: '/dashboard/finance', key: 'finance', icon: Landmark },
  { to: '/dashboard/cold-wallet', key: 'coldWallet', icon: Snowflake },
  { to: '/dashboard/nft', key: 'nft', icon: Gem },
];

export const accountItem: NavItem = { to: '/dashboard/account', key: 'account', icon: UserRound };

export function NavItemLink({ item, onNavigate }: { readonly item: NavItem; readonly onNavigate?: () => void }) {
  const { t } = useTranslation('shell');
  const Icon = item.icon;
  return (
    <NavLink to={item.to} className="nav-link" onClick={onNavigate}>
      <Icon size={20} aria-hidden="true" />
      <span>{t(`nav.${item.key}`)}</span>
    </NavLink>
  );
}

export function NavList({
  withAccount = false,
  onNavigate,
}: {
  readonly withAccount?: boolean;
  readonly onNavigate?: () => void;
}) {
  const list = withAccount ? [...items, accountItem] : items;
  return (
    <ul className="nav-list">
      {list.map((item) => (
        <li key={item.to}>
          <NavItemLink item={item} onNavigate={onNavigate} />
        </li>
      ))}
    </ul>
  );
}
