// The words for a refusal: the translation of its catalogued code in this feature, else the common
// one, else the API's own message (spec §8), so a customer always reads why something was refused.
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api/errors.ts';

export function useErrorText() {
  const { t, i18n } = useTranslation('lending');
  return (error: unknown): string => {
    if (!(error instanceof ApiError)) return t('common:errors.fallback');
    const first = error.items[0];
    const code = first?.code ?? error.code;
    if (i18n.exists(`lending:errors.${code}`)) return t(`errors.${code}`);
    if (i18n.exists(`common:errors.${code}`)) return t(`common:errors.${code}`);
    return first?.message ?? error.message;
  };
}
