// The words for a refusal: the feature's translation of its catalogued code, else the common one,
// else the API's own message (spec §8), so a customer always reads why something was refused.
import { useTranslation } from 'react-i18next';
import { ApiError } from './errors.ts';

/** `namespace`: the feature's translations, whose `errors.<code>` come before the common ones. */
export function useErrorText(namespace: string) {
  const { t, i18n } = useTranslation(namespace);
  const ofCode = (code: string, fallback?: string): string => {
    if (i18n.exists(`${namespace}:errors.${code}`)) return t(`errors.${code}`);
    if (i18n.exists(`common:errors.${code}`)) return t(`common:errors.${code}`);
    return fallback ?? t('common:errors.fallback');
  };
  const ofError = (error: unknown): string => {
    if (!(error instanceof ApiError)) return t('common:errors.fallback');
    const first = error.items[0];
    return ofCode(first?.code ?? error.code, first?.message ?? error.message);
  };
  return { ofCode, ofError };
}
