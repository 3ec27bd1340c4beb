// The language selector (spec §2): en, fr, la_es, pt_br, and beside it, where the browser can
// translate on the device, the machine-translation selector (ADR 0038). A choice is stored and the
// page reloads about half a second later, in the new language.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dropdown } from '../dropdown/Dropdown.tsx';
import { LANGUAGES, chooseLanguage, storedLanguage, type LanguageCode } from '../../lib/i18n/languages.ts';
import { storeMachineLanguage } from '../../lib/i18n/machine-translation.ts';
import { activeMachineLanguage } from '../../lib/i18n/i18n.ts';
import { showToast } from '../../lib/toast/toast-store.ts';
import { MachineTranslationSelect } from './MachineTranslationSelect.tsx';
import './language-select.css';

const options = LANGUAGES.map((language) => ({ value: language.value, label: language.name }));

export function LanguageSelect({ className }: { readonly className?: string }) {
  const { t } = useTranslation();
  const [value, setValue] = useState<LanguageCode>(() => (activeMachineLanguage() ? 'en' : storedLanguage()));
  return (
    <div className={['language-select', className ?? ''].join(' ').trim()}>
      <Dropdown<LanguageCode>
        label={t('language.label')}
        hideLabel
        variant="text"
        options={options}
        value={value}
        onChange={(next) => {
          if (next === value && !activeMachineLanguage()) return;
          setValue(next);
          storeMachineLanguage(null);
          showToast(t('language.switching'));
          chooseLanguage(next);
        }}
      />
      <MachineTranslationSelect />
    </div>
  );
}
