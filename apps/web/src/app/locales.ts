// Each feature's translations, registered by namespace; i18next loads a namespace (one language of
// it) when a route that needs it is opened.
import { registerLocales } from '../lib/i18n/i18n.ts';

export function registerFeatureLocales(): void {
  registerLocales('auth', (language) => import(`../features/auth/locales/${language}.json`));
  registerLocales('shell', (language) => import(`../features/shell/locales/${language}.json`));
  registerLocales('notifications', (language) => import(`../features/notifications/locales/${language}.json`));
  registerLocales('countryCheck', (language) => import(`../features/country-check/locales/${language}.json`));
  registerLocales('kyc', (language) => import(`../features/kyc/locales/${language}.json`));
  registerLocales('nft', (language) => import(`../features/nft/locales/${language}.json`));
  registerLocales('account', (language) => import(`../features/account/locales/${language}.json`));
  registerLocales('wallets', (language) => import(`../features/wallets/locales/${language}.json`));
  registerLocales('coldWallet', (language) => import(`../features/cold-wallet/locales/${language}.json`));
  registerLocales('swap', (language) => import(`../features/swap/locales/${language}.json`));
  registerLocales('onramp', (language) => import(`../features/onramp/locales/${language}.json`));
  registerLocales('lending', (language) => import(`../features/lending/locales/${language}.json`));
  registerLocales('exchange', (language) => import(`../features/exchange/locales/${language}.json`));
  registerLocales('staking', (language) => import(`../features/staking/locales/${language}.json`));
  registerLocales('audit', (language) => import(`../features/audit/locales/${language}.json`));
}
