// A searchable coin picker (the dropdown shows its search box above five options): each coin with
// its name and the customer's available balance.
import { useTranslation } from 'react-i18next';
import { SWAP_ASSETS, type SwapAsset } from '@rora/contracts';
import { ASSETS, assetScale } from '@rora/money';
import { formatHolding } from '../../../lib/format/numbers.ts';
import { Dropdown } from '../../../components/dropdown/Dropdown.tsx';
import type { SwapBalance } from '../model/swap-form.ts';

/** The coin's logo, the same file the wallets show (decorative: the symbol and name sit beside it). */
export function AssetBadge({ asset }: { readonly asset: string }) {
  return (
    <img
      className="asset-badge"
      src={`/assets/logos/${asset.toLowerCase()}.svg`}
      alt=""
      width={28}
      height={28}
      decoding="async"
    />
  );
}

export function AssetPicker(props: {
  readonly label: string;
  readonly value: SwapAsset;
  readonly balances: readonly SwapBalance[] | undefined;
  readonly onChange: (asset: SwapAsset) => void;
}) {
  const { t } = useTranslation('swap');
  const options = SWAP_ASSETS.map((asset) => {
    const balance = props.balances?.find((entry) => entry.asset === asset);
    const held = balance ? ` · ${formatHolding(balance.available, assetScale(asset))}` : '';
    return { value: asset, label: `${ASSETS[asset].name} (${asset})${held}`, keywords: [asset] };
  });
  return (
    <Dropdown<SwapAsset>
      label={props.label}
      options={options}
      value={props.value}
      onChange={props.onChange}
      searchLabel={t('form.search')}
      emptyText={t('form.noMatch')}
      className="swap-picker"
      renderValue={(option) => (
        <span className="swap-picker__value">
          <AssetBadge asset={option.value} />
          <span className="swap-picker__symbol">{option.value}</span>
          <span className="swap-picker__name">{ASSETS[option.value].name}</span>
        </span>
      )}
    />
  );
}
