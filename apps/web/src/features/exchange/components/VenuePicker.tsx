// The venue selector (spec §2 exchange platforms, default first): each platform with its price for
// the pair and its taker / maker fees. The chosen one sets the order's fees; a market order on an
// external platform executes there.
import { useTranslation } from 'react-i18next';
import { VENUES } from '@rora/contracts';
import { Dropdown } from '../../../components/dropdown/Dropdown.tsx';
import { formatPercent } from '../../../lib/format/numbers.ts';
import { useVenues } from '../api/markets.ts';
import { showPrice, type MarketModel } from '../model/market.ts';

interface Props {
  readonly market: MarketModel;
  readonly venue: string;
  readonly onVenue: (venue: string) => void;
}

/** A fee as the spec lists it ('0.5' percent), with its own decimals: `0.5%`, `0,5 %` in French. */
const feePercent = (text: string) =>
  formatPercent(text, { decimals: text.includes('.') ? text.split('.')[1]!.length : 0 });

export function VenuePicker({ market, venue, onVenue }: Props) {
  const { t } = useTranslation('exchange');
  const venues = useVenues(market.symbol);
  const items = venues.data ?? [];
  const options = items.map((item) => ({
    value: item.id,
    label: t('venueOption', {
      name: item.default ? t('venueDefault', { name: item.name }) : item.name,
      price: item.price ? showPrice(market, item.price) : '—',
      taker: feePercent(item.takerFee),
      maker: feePercent(item.makerFee),
    }),
  }));
  const chosen = items.find((item) => item.id === venue);
  // While the platforms load, the chosen one still shows by name (not its id).
  const name = chosen?.name ?? VENUES.find((item) => item.id === venue)?.name ?? venue;
  return (
    <div className="venue-picker">
      <Dropdown
        label={t('venue')}
        options={options.length > 0 ? options : [{ value: venue, label: name }]}
        value={venue}
        onChange={onVenue}
        renderValue={() => (
          <span className="venue-picker__value">
            {chosen ? <img src={chosen.logo} alt="" width={20} height={20} /> : null}
            <span>{name}</span>
            <span className="venue-picker__price tabular">{chosen?.price ? showPrice(market, chosen.price) : ''}</span>
          </span>
        )}
        searchLabel={t('searchVenue')}
      />
      {chosen ? (
        <p className="venue-picker__fees">
          {t('venueFees', { taker: feePercent(chosen.takerFee), maker: feePercent(chosen.makerFee) })}
        </p>
      ) : null}
    </div>
  );
}
