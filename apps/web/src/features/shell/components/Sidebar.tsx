// The desktop sidebar (spec §2): menu links, the notification bell, Account, Logout and the theme
// switch, with the language selector and who is signed in at the foot.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Brand } from '../../../components/brand/Brand.tsx';
import { LanguageSelect } from '../../../components/language-select/LanguageSelect.tsx';
import { ThemeSwitch } from '../../../components/theme-switch/ThemeSwitch.tsx';
import { LogoutButton } from './LogoutButton.tsx';
import { NavItemLink, NavList, accountItem } from './NavList.tsx';

export interface SidebarProps {
  readonly bell: ReactNode;
  readonly email: string;
  readonly onLogout: () => void;
}

export function Sidebar({ bell, email, onLogout }: SidebarProps) {
  const { t } = useTranslation('shell');
  return (
    <aside className="sidebar">
      <div className="sidebar__brand">
        <Brand to="/dashboard/wallets" label={t('home')} />
      </div>
      <nav aria-label={t('mainNav')} className="sidebar__nav">
        <NavList />
      </nav>
      <div className="sidebar__foot">
        {bell}
        <NavItemLink item={accountItem} />
        <LogoutButton onLogout={onLogout} />
        <ThemeSwitch />
        <LanguageSelect className="sidebar__language" />
        {email ? (
          <p className="sidebar__user">
            <span className="visually-hidden">{t('signedInAs')} </span>
            {email}
          </p>
        ) : null}
      </div>
    </aside>
  );
}
