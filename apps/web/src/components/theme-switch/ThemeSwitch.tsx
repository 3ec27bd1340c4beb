// The dark/light switch (spec §2): a real switch for screen readers, remembered across reloads.
import { useTranslation } from 'react-i18next';
import { Moon, Sun } from 'lucide-react';
import { toggleTheme } from '../../lib/theme/theme.ts';
import { useTheme } from '../../lib/theme/use-theme.ts';
import './theme-switch.css';

export function ThemeSwitch({ showLabel = true }: { readonly showLabel?: boolean }) {
  const { t } = useTranslation();
  const dark = useTheme() === 'dark_theme';
  return (
    <button
      type="button"
      role="switch"
      aria-checked={dark}
      aria-label={showLabel ? undefined : t('theme.dark')}
      className="theme-switch"
      onClick={toggleTheme}
    >
      {dark ? <Moon size={18} aria-hidden="true" /> : <Sun size={18} aria-hidden="true" />}
      {showLabel ? <span className="theme-switch__label">{t('theme.dark')}</span> : null}
      <span className="theme-switch__track" aria-hidden="true">
        <span className="theme-switch__thumb" />
      </span>
    </button>
  );
}
