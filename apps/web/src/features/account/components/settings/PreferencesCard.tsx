// Language and theme: applied here and saved on the profile (PUT /user/preferences/{id}) so they
// follow the customer to another device. A choice the API refuses goes back to what it was. A new
// language reloads the page about half a second later (spec §4), after the profile has it.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SlidersHorizontal } from 'lucide-react';
import { Dropdown } from '../../../../components/dropdown/Dropdown.tsx';
import { LANGUAGES, type ThemeName } from '../../../../lib/constants.ts';
import { chooseLanguage, storedLanguage, type LanguageCode } from '../../../../lib/i18n/languages.ts';
import { getTheme, setTheme } from '../../../../lib/theme/theme.ts';
import { useTheme } from '../../../../lib/theme/use-theme.ts';
import { useUpdatePreferences } from '../../api/preferences.ts';
import { runAction } from '../../api/run-action.ts';
import { SettingsCard } from '../common/SettingsCard.tsx';
import { ThemeChoice } from './ThemeChoice.tsx';

const languageOptions = LANGUAGES.map((language) => ({ value: language.value, label: language.name }));

export function PreferencesCard() {
  const { t } = useTranslation('account');
  const theme = useTheme();
  const [language, setLanguage] = useState<LanguageCode>(storedLanguage);
  const save = useUpdatePreferences();

  const onLanguage = async (next: LanguageCode) => {
    if (next === language) return;
    const previous = language;
    setLanguage(next);
    const saved = await runAction(() => save.mutateAsync({ language: next }), t('preferences.languageSaved'));
    if (saved) chooseLanguage(next);
    else setLanguage(previous);
  };

  const onTheme = async (next: ThemeName) => {
    const previous = getTheme();
    if (next === previous) return;
    setTheme(next);
    const saved = await runAction(() => save.mutateAsync({ theme: next }), t('preferences.themeSaved'));
    if (!saved) setTheme(previous);
  };

  return (
    <SettingsCard
      title={t('preferences.title')}
      description={t('preferences.description')}
      icon={<SlidersHorizontal size={20} />}
    >
      <div className="account-preferences">
        <Dropdown<LanguageCode>
          label={t('preferences.language')}
          options={languageOptions}
          value={language}
          onChange={(next) => void onLanguage(next)}
        />
        <ThemeChoice value={theme} onChange={(next) => void onTheme(next)} disabled={save.isPending} />
      </div>
    </SettingsCard>
  );
}
