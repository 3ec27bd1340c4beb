// Runs the country check once on load; a blocked country opens a popup that cannot be closed, and
// a visitor the API sends to the US site is offered it in a notice. Their code and text download
// only when needed. The request itself usually went out as the app booted (startCountryCheck).
import { Suspense, lazy, useEffect, useState } from 'react';
import { loadNamespaces } from '../../../lib/i18n/i18n.ts';
import { checkCountry, takeStartedCountryCheck, type CountryVerdict } from '../api/check-country.ts';

const CountryBlockedDialog = lazy(() => import('./CountryBlockedDialog.tsx'));
const OtherSiteNotice = lazy(() => import('./OtherSiteNotice.tsx'));

export function CountryCheck() {
  const [verdict, setVerdict] = useState<CountryVerdict>({ blocked: false });
  useEffect(() => {
    let active = true;
    void (takeStartedCountryCheck() ?? checkCountry()).then(async (result) => {
      if (!result.blocked && result.otherSite === undefined) return;
      await loadNamespaces(['countryCheck']).catch(() => undefined);
      if (active) setVerdict(result);
    });
    return () => {
      active = false;
    };
  }, []);
  if (!verdict.blocked) {
    if (verdict.otherSite === undefined) return null;
    return (
      <Suspense fallback={null}>
        <OtherSiteNotice url={verdict.otherSite} />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={null}>
      <CountryBlockedDialog country={verdict.country} />
    </Suspense>
  );
}
