// Dark or light, as two buttons with their icons.
import { useTranslation } from 'react-i18next';
import { Moon, Sun } from 'lucide-react';
import type { ThemeName } from '../../../../lib/constants.ts';
import { ChoiceGroup } from '../common/ChoiceGroup.tsx';

export interface ThemeChoiceProps {
  readonly value: ThemeName;
  readonly onChange: (theme: ThemeName) => void;
  readonly disabled?: boolean;
}

export function ThemeChoice({ value, onChange, disabled = false }: ThemeChoiceProps) {
  const { t } = useTranslation('account');
  return (
    <ChoiceGroup<ThemeName>
      legend={t('preferences.theme')}
      value={value}
      onChange={onChange}
      disabled={disabled}
      choices={[
        { value: 'dark_theme', label: t('preferences.dark'), icon: <Moon size={18} /> },
        { value: 'light_theme', label: t('preferences.light'), icon: <Sun size={18} /> },
      ]}
    />
  );
}
