// A searchable coin picker (the dropdown shows its search box above five options): each coin with
// its name and the customer's available balance.
import { useTranslation } from 'react-i18next';
import { SWAP_ASSETS, type SwapAsset } from '@rora/contracts';
import { ASSETS, assetScale } from '@rora/money';
import { formatHolding } from '../../../lib/format/numbers.ts';
import { Dropdown } from '../../../components/dropdown/Dropdown.tsx';
import type { SwapBalance } from '../model/swap-form.ts';

export function AssetBadge({ asset }: { readonly asset: string }) {
  return (
    <span className={`asset-badge asset-badge--${asset.toLowerCase()}`} aria-hidden="true">
      {asset.slice(0, 1)}
    </span>
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
