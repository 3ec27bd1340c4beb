// The marketplace's filters: coin, term, and the order by rate (or newest).
import { useTranslation } from 'react-i18next';
import { LOAN_ASSETS, LOAN_MARKET_SORTS, LOAN_TERM_DAYS, type LoanMarketSort } from '@rora/contracts';
import { Dropdown } from '../../../components/dropdown/Dropdown.tsx';
import type { MarketFilter } from '../api/loans.ts';

export function MarketFilters(props: {
  readonly filter: MarketFilter;
  readonly onChange: (filter: MarketFilter) => void;
}) {
  const { t } = useTranslation('lending');
  const { filter } = props;
  const assets = [
    { value: '', label: t('filters.anyAsset') },
    ...LOAN_ASSETS.map((asset) => ({ value: asset, label: asset })),
  ];
  const terms = [
    { value: '', label: t('filters.anyTerm') },
    ...LOAN_TERM_DAYS.map((days) => ({ value: String(days), label: t('card.days', { count: days }) })),
  ];
  const sorts = LOAN_MARKET_SORTS.map((sort) => ({ value: sort, label: t(`filters.sorts.${sort}`) }));
  return (
    <div className="loan-filters">
      <Dropdown<string>
        label={t('filters.asset')}
        options={assets}
        value={filter.asset}
        onChange={(asset) => props.onChange({ ...filter, asset })}
        variant="field"
      />
      <Dropdown<string>
        label={t('filters.term')}
        options={terms}
        value={filter.termDays}
        onChange={(termDays) => props.onChange({ ...filter, termDays })}
        variant="field"
      />
      <Dropdown<LoanMarketSort>
        label={t('filters.sort')}
        options={sorts}
        value={filter.sort}
        onChange={(sort) => props.onChange({ ...filter, sort })}
        variant="field"
      />
    </div>
  );
}
