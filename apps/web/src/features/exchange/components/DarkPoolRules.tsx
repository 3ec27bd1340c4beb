// The dark-pool summary of spec §1: limit orders only, a minimum order value (about 100,000 USD on
// BTC pairs, 50,000 on ETH pairs), matched only with other dark orders, never in the public book.
import { useTranslation } from 'react-i18next';
import { EyeOff } from 'lucide-react';
import { formatMinor } from '../../../lib/format/numbers.ts';
import type { MarketModel } from '../model/market.ts';

export function DarkPoolRules({ market }: { readonly market: MarketModel }) {
  const { t } = useTranslation('exchange');
  const minimum = market.darkMinNotional === null ? null : formatMinor(market.darkMinNotional, market.quoteScale);
  return (
    <div className="dark-rules" role="note">
      <EyeOff size={18} aria-hidden="true" />
      <div>
        <p className="dark-rules__title">{t('darkTitle')}</p>
        <ul>
          <li>{t('darkRuleLimit')}</li>
          <li>{t('darkRuleMinimums')}</li>
          <li>
            {minimum === null
              ? t('darkRuleNone', { symbol: market.symbol })
              : t('darkRulePair', { symbol: market.symbol, minimum, asset: market.quote })}
          </li>
          <li>{t('darkRuleHidden')}</li>
        </ul>
      </div>
    </div>
  );
}
