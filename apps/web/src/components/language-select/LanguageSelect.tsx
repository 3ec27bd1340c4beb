// The language selector (spec §2): en, fr, la_es, pt_br. The choice is stored and the page reloads
// about half a second later, in the new language.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dropdown } from '../dropdown/Dropdown.tsx';
import { LANGUAGES, chooseLanguage, storedLanguage, type LanguageCode } from '../../lib/i18n/languages.ts';
import { showToast } from '../../lib/toast/toast-store.ts';

const options = LANGUAGES.map((language) => ({ value: language.value, label: language.name }));

export function LanguageSelect({ className }: { readonly className?: string }) {
  const { t } = useTranslation();
  const [value, setValue] = useState<LanguageCode>(storedLanguage);
  return (
    <Dropdown<LanguageCode>
      className={className}
      label={t('language.label')}
      hideLabel
      variant="text"
      options={options}
      value={value}
      onChange={(next) => {
        if (next === value) return;
        setValue(next);
        showToast(t('language.switching'));
        chooseLanguage(next);
      }}
    />
  );
}
