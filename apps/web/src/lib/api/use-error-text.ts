// The words for a refusal (ADR 0052): the feature's own `errors.<code>` when it words a code for its
// screen, else the shared `errors` namespace (lib/api/locales, every code a customer can meet, in the
// four languages), else the generic "An error occurred. Please try again" in the reader's language.
// The API's own message is English, so it is never shown (spec §8: server messages are not shown).
import { useTranslation } from 'react-i18next';
import { ApiError, IN_PROGRESS_RETRY_IN_KEY, inProgressWaitSeconds } from './errors.ts';

/** `namespace`: the feature's translations; i18next falls back from them to the shared `errors`. */
export function useErrorText(namespace: string) {
  const { t, i18n } = useTranslation(namespace);
  const ofCode = (code: string): string =>
    i18n.exists(`${namespace}:errors.${code}`) ? t(`errors.${code}`) : t('common:errors.fallback');
  const ofError = (error: unknown): string => {
    if (!(error instanceof ApiError)) return t('common:errors.fallback');
    // A "still running" too long for the app to wait out by itself: when to try again.
    const waitSeconds = inProgressWaitSeconds(error);
    if (waitSeconds !== null) return t(`common:${IN_PROGRESS_RETRY_IN_KEY}`, { count: waitSeconds });
    return ofCode(error.items[0]?.code ?? error.code);
  };
  return { ofCode, ofError };
}
