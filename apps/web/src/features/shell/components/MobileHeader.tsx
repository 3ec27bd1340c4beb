// The header used below 900 px (spec §2): brand, bell and a menu button opening a slide-in menu that
// adds Account. The menu traps focus, closes on Escape and closes itself on every route change.
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Menu } from 'lucide-react';
import { Brand } from '../../../components/brand/Brand.tsx';
import { Dialog } from '../../../components/dialog/Dialog.tsx';
import { LanguageSelect } from '../../../components/language-select/LanguageSelect.tsx';
import { ThemeSwitch } from '../../../components/theme-switch/ThemeSwitch.tsx';
import { LogoutButton } from './LogoutButton.tsx';
import { NavList } from './NavList.tsx';

export interface MobileHeaderProps {
  readonly bell: ReactNode;
  readonly email: string;
  readonly onLogout: () => void;
}

export function MobileHeader({ bell, email, onLogout }: MobileHeaderProps) {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);

  return (
    <header className="mobile-header">
      <Brand to="/dashboard/wallets" label={t('home')} />
      <div className="mobile-header__actions">
        {bell}
        <button
          type="button"
          className="icon-button"
          aria-label={t('menu.open')}
          aria-expanded={open}
          onClick={() => setOpen(true)}
        >
          <Menu size={22} aria-hidden="true" />
        </button>
      </div>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('menu.title')}
        closeLabel={t('menu.close')}
        placement="left"
        className="mobile-menu"
      >
        <nav aria-label={t('mainNav')}>
          <NavList withAccount onNavigate={() => setOpen(false)} />
        </nav>
        <div className="mobile-menu__foot">
          <ThemeSwitch />
          <LanguageSelect />
          <LogoutButton onLogout={onLogout} />
          {email ? (
            <p className="sidebar__user">
              <span className="visually-hidden">{t('signedInAs')} </span>
              {email}
            </p>
          ) : null}
        </div>
      </Dialog>
    </header>
  );
}
