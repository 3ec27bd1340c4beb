// Where a settled card purchase ended, in words a customer reads at once: the coins credited, or the
// decline with its reason and that nothing was charged.
import { useTranslation } from 'react-i18next';
import { CircleCheck, CircleX } from 'lucide-react';
import type { OnrampPurchase } from '@rora/contracts';
import { coinsOf } from '../../../lib/format/numbers.ts';
import { outcomeKey } from '../model/onramp-form.ts';

export function PurchaseResult({ purchase }: { readonly purchase: OnrampPurchase }) {
  const { t } = useTranslation('onramp');
  const key = outcomeKey(purchase);
  if (!key) return null;
  const completed = purchase.status === 'completed';
  return (
    <div
      className={`onramp-result onramp-result--${completed ? 'completed' : 'failed'}`}
      role={completed ? 'status' : 'alert'}
      data-testid="onramp-result"
    >
      {completed ? <CircleCheck size={20} aria-hidden="true" /> : <CircleX size={20} aria-hidden="true" />}
      <div>
        {purchase.status === 'failed' ? <p className="onramp-result__title">{t('result.declinedTitle')}</p> : null}
        <p>{t(key, { coins: coinsOf(purchase.cryptoAmount, purchase.asset) })}</p>
      </div>
    </div>
  );
}
