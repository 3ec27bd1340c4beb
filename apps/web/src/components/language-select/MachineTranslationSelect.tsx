// The machine-translation selector (SPEC §1, ADR 0038): the languages the browser's built-in
// Translator can produce from English, each labelled as machine translation; hidden where the
// browser has no Translator or offers none. Choosing one prepares the translator from the click
// (downloading the model when needed, with its progress), then reloads the page in that language.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dropdown } from '../dropdown/Dropdown.tsx';
import { activeMachineLanguage } from '../../lib/i18n/i18n.ts';
import { chooseLanguage } from '../../lib/i18n/languages.ts';
import {
  createTranslator,
  offeredMachineLanguages,
  storeMachineLanguage,
  type MachineLanguage,
} from '../../lib/i18n/machine-translation.ts';
import { showToast } from '../../lib/toast/toast-store.ts';

type Choice = MachineLanguage | 'off';

/** The language's own name for itself ("Deutsch", "日本語"), or its code. */
function nameOf(language: MachineLanguage): string {
  try {
    return new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
  } catch {
    return language;
  }
}

export function MachineTranslationSelect() {
  const { t } = useTranslation();
  const active = activeMachineLanguage();
  const [offered, setOffered] = useState<readonly MachineLanguage[]>(active ? [active] : []);
  const [status, setStatus] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void offeredMachineLanguages().then((languages) => {
      if (live && languages.length > 0) setOffered(languages);
    });
    return () => {
      live = false;
    };
  }, []);
  if (offered.length === 0) return null;

  const options = [
    { value: 'off' as Choice, label: t('language.machineOff') },
    ...offered.map((language) => ({
      value: language as Choice,
      label: t('language.machineOption', { name: nameOf(language) }),
      keywords: [language],
    })),
  ];
  const choose = (next: Choice) => {
    if (next === (active ?? 'off')) return;
    if (next === 'off') {
      storeMachineLanguage(null);
      showToast(t('language.switching'));
      chooseLanguage('en');
      return;
    }
    const name = nameOf(next);
    setStatus(t('language.machinePreparing', { name }));
    // Called in the click's turn: the browser asks for a user activation before a download.
    createTranslator(next, (loaded) =>
      setStatus(t('language.machineDownloading', { name, percent: Math.round(loaded * 100) })),
    ).then(
      (translator) => {
        translator.destroy?.();
        storeMachineLanguage(next);
        setStatus(t('language.switching'));
        chooseLanguage('en');
      },
      () => setStatus(t('language.machineFailed', { name })),
    );
  };
  return (
    <div className="language-select__machine">
      <Dropdown<Choice>
        label={t('language.machineLabel')}
        hideLabel
        variant="text"
        options={options}
        value={active ?? 'off'}
        onChange={choose}
        renderValue={(option) => option.label}
        searchLabel={t('language.machineSearch')}
      />
      {status ? (
        <p className="language-select__status" role="status">
          {status}
        </p>
      ) : null}
    </div>
  );
}
