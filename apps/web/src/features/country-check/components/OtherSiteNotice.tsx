// The API placed the visitor in the United States, served by Rora's US site (spec §7): a notice
// with a link to it, which the visitor can dismiss; nothing is blocked.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import './country-blocked.css';

export default function OtherSiteNotice({ url }: { readonly url: string }) {
  const { t } = useTranslation('countryCheck');
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <aside className="other-site" role="region" aria-label={t('usSite.label')}>
      <p>
        {t('usSite.body')}{' '}
        <a href={url} rel="noopener">
          {t('usSite.link', { host: new URL(url).host })}
        </a>
      </p>
      <button type="button" className="other-site__close" onClick={() => setOpen(false)}>
        {t('usSite.dismiss')}
      </button>
    </aside>
  );
}
