// The frame of the sign-in screens: brand, language and theme at the top, the form centred.
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Brand } from '../../components/brand/Brand.tsx';
import { LanguageSelect } from '../../components/language-select/LanguageSelect.tsx';
import { ThemeSwitch } from '../../components/theme-switch/ThemeSwitch.tsx';
import './auth-layout.css';

export function Component() {
  const { t } = useTranslation('shell');
  return (
    <div className="auth-layout">
      <header className="auth-layout__bar">
        <Brand label="Rora" />
        <div className="auth-layout__tools">
          <LanguageSelect />
          <ThemeSwitch showLabel={false} />
        </div>
      </header>
      <main className="auth-layout__main">
        <Outlet />
        <p className="auth-layout__tagline">{t('authTagline')}</p>
      </main>
    </div>
  );
}
