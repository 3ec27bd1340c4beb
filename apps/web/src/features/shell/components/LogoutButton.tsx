import { useTranslation } from 'react-i18next';
import { LogOut } from 'lucide-react';

export function LogoutButton({ onLogout }: { readonly onLogout: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <button type="button" className="nav-link nav-link--button" onClick={onLogout}>
      <LogOut size={20} aria-hidden="true" />
      <span>{t('nav.logout')}</span>
    </button>
  );
}
