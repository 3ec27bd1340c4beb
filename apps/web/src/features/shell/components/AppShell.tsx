// The signed-in frame: desktop sidebar or mobile header (the breakpoint lives in shell.css), a skip
// link, and the main region for the current screen.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MobileHeader } from './MobileHeader.tsx';
import { Sidebar } from './Sidebar.tsx';
import './shell.css';

export interface AppShellProps {
  /** The notification bell; the shell places it, the notifications feature provides it. */
  readonly renderBell: (placement: 'sidebar' | 'header') => ReactNode;
  readonly email: string;
  readonly onLogout: () => void;
  /** The screen takes the window's width instead of the reading width (the exchange). */
  readonly wide?: boolean;
  readonly children: ReactNode;
}

export function AppShell({ renderBell, email, onLogout, wide = false, children }: AppShellProps) {
  const { t } = useTranslation('shell');
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <Sidebar bell={renderBell('sidebar')} email={email} onLogout={onLogout} />
      <MobileHeader bell={renderBell('header')} email={email} onLogout={onLogout} />
      <main id="main" className={wide ? 'shell__main shell__main--wide' : 'shell__main'} tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
