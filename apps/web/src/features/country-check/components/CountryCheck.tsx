// Runs the country check once on load; a blocked country opens a popup that cannot be closed. The
// popup's code and text download only when needed.
import { Suspense, lazy, useEffect, useState } from 'react';
import { loadNamespaces } from '../../../lib/i18n/i18n.ts';
import { checkCountry, type CountryVerdict } from '../api/check-country.ts';

const CountryBlockedDialog = lazy(() => import('./CountryBlockedDialog.tsx'));

export function CountryCheck() {
  const [verdict, setVerdict] = useState<CountryVerdict>({ blocked: false });
  useEffect(() => {
    let active = true;
    void checkCountry().then(async (result) => {
      if (!result.blocked) return;
      await loadNamespaces(['countryCheck']).catch(() => undefined);
      if (active) setVerdict(result);
    });
    return () => {
      active = false;
    };
  }, []);
  if (!verdict.blocked) return null;
  return (
    <Suspense fallback={null}>
      <CountryBlockedDialog country={verdict.country} />
    </Suspense>
  );
}
