// The stored language and theme (local storage, spec §3), copied into cookies so the server can send
// the login page already in them (ADR 0055). Only these two values go in; nothing reads them back
// in the browser.
import { PREFERENCE_COOKIES } from '@rora/contracts';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

export function mirrorPreference(name: keyof typeof PREFERENCE_COOKIES, value: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${PREFERENCE_COOKIES[name]}=${encodeURIComponent(value)}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secure}`;
}
