// Spec §8: the service is unavailable in the visitor's country; check back as licences expand.
// No close button; Escape and clicks outside are ignored.
import { useTranslation } from 'react-i18next';
import { Globe } from 'lucide-react';
import { Dialog } from '../../../components/dialog/Dialog.tsx';
import { currentLanguageTag } from '../../../lib/i18n/i18n.ts';
import './country-blocked.css';

function countryName(code: string | null, language: string): string | null {
  if (!code) return null;
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? null;
  } catch {
    return null;
  }
}

export default function CountryBlockedDialog({ country }: { readonly country: string | null }) {
  const { t } = useTranslation('countryCheck');
  const name = countryName(country, currentLanguageTag());
  return (
    <Dialog open dismissible={false} title={t('title')} description={t('body')} className="country-blocked">
      <div className="country-blocked__icon" aria-hidden="true">
        <Globe size={32} />
      </div>
      {name ? <p className="country-blocked__where">{t('detected', { country: name })}</p> : null}
      <p className="muted">{t('help')}</p>
    </Dialog>
  );
}
