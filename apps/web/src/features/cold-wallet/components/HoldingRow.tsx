// One cold holding: coin, quantity to 3 decimals with its symbol, US dollar value, and the two moves.
import { useTranslation } from 'react-i18next';
import type { ColdWallet } from '@rora/contracts';
import { tryParseAmount } from '@rora/money';
import { formatHolding } from '../../../lib/format/numbers.ts';
import { Button } from '../../../components/button/Button.tsx';
import { decimalsOf, type MoveType } from '../model/move-form.ts';

export function amountText(text: string, decimals: number): string {
  const parsed = tryParseAmount(text, decimals);
  return parsed.ok ? formatHolding(parsed.value, decimals) : text;
}

export interface HoldingRowProps {
  readonly holding: ColdWallet;
  /** Its US-dollar value, as the screen writes it. */
  readonly usd: string;
  readonly active: boolean;
  readonly onSelect: () => void;
  readonly onMove: (type: MoveType) => void;
}

export function HoldingRow({ holding, usd, active, onSelect, onMove }: HoldingRowProps) {
  const { t } = useTranslation('coldWallet');
  const decimals = decimalsOf(holding);
  const symbol = holding.assetSymbol;
  return (
    <li className={`holding${active ? ' is-active' : ''}`}>
      <button type="button" className="holding__select" aria-current={active || undefined} onClick={onSelect}>
        <img className="holding__logo" src={holding.logo} alt="" width={32} height={32} />
        <span className="holding__name">
          <span className="holding__symbol">{symbol}</span>
          <span className="cold__muted">{holding.name}</span>
        </span>
        <span className="holding__amounts tabular">
          <span>
            {amountText(holding.quantity, decimals)} {symbol}
          </span>
          <span className="cold__muted">{usd}</span>
        </span>
      </button>
      <div className="holding__actions">
        <Button
          variant="secondary"
          onClick={() => onMove('create')}
          aria-label={t('holdings.moveInLabel', { asset: symbol })}
        >
          {t('holdings.moveIn')}
        </Button>
        <Button
          variant="ghost"
          onClick={() => onMove('withdraw')}
          disabled={holding.quantity === '0'}
          aria-label={t('holdings.withdrawLabel', { asset: symbol })}
        >
          {t('holdings.withdraw')}
        </Button>
      </div>
    </li>
  );
}
