// Moving funds into cold holdings ("create") or back to the wallet ("withdraw"): the direction, the
// amount with a Max button, what it leaves on each side, then the PIN or code. The Idempotency-Key is
// made before the first try and kept while the request stays the same.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColdWallet } from '@rora/contracts';
import { formatAmount } from '@rora/money';
import { Button } from '../../../components/button/Button.tsx';
import { Dialog } from '../../../components/dialog/Dialog.tsx';
import { NumericInput } from '../../../components/numeric-input/NumericInput.tsx';
import { useIdempotencyKeys } from '../../../lib/api/idempotency.ts';
import { coinsOf } from '../../../lib/format/numbers.ts';
import { showToast } from '../../../lib/toast/toast-store.ts';
import { useMoveColdWallet, type MoveRequest } from '../api/coldwallet-api.ts';
import { errorMessage } from '../api/feedback.ts';
import { decimalsOf, movable, moveAmountError, type MoveType } from '../model/move-form.ts';
import type { ApprovalStep, Proof } from './approval.ts';
import { amountText } from './HoldingRow.tsx';

export interface MoveDialogProps {
  readonly holding: ColdWallet;
  readonly initialType: MoveType;
  readonly approval: ApprovalStep;
  readonly onClose: () => void;
}

function MoveTypeChoice({
  value,
  onChange,
}: {
  readonly value: MoveType;
  readonly onChange: (type: MoveType) => void;
}) {
  const { t } = useTranslation('coldWallet');
  return (
    <fieldset className="cold-move__types">
      <legend className="visually-hidden">{t('move.direction')}</legend>
      {(['create', 'withdraw'] as const).map((option) => (
        <label key={option} className={`cold-move__type${option === value ? ' is-checked' : ''}`}>
          <input type="radio" name="cold-move-type" checked={option === value} onChange={() => onChange(option)} />
          {t(option === 'create' ? 'move.in' : 'move.out')}
        </label>
      ))}
    </fieldset>
  );
}

export function MoveDialog({ holding, initialType, approval, onClose }: MoveDialogProps) {
  const { t } = useTranslation('coldWallet');
  const [type, setType] = useState<MoveType>(initialType);
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [proof, setProof] = useState<Proof>({});
  const [error, setError] = useState<string | undefined>();
  const move = useMoveColdWallet();
  const keys = useIdempotencyKeys();
  const decimals = decimalsOf(holding);
  const symbol = holding.assetSymbol;
  const amountError = moveAmountError(holding, type, amount);
  const ready = amountError === null && approval.ready(proof);

  const submit = async () => {
    const request: MoveRequest = { type, assetSymbol: symbol, quantity: amount.trim(), ...proof };
    setError(undefined);
    try {
      await move.mutateAsync({ request, idempotencyKey: keys.keyFor(request) });
      keys.settled();
      // A sentence: the amount moved as a coin amount (ADR 0035), not cut like a balance.
      const moved = coinsOf(amount.trim(), symbol);
      showToast(t(type === 'create' ? 'move.doneIn' : 'move.doneOut', { amount: moved }), 'success');
      onClose();
    } catch (failure) {
      keys.settled(failure);
      setError(errorMessage(failure));
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('move.title', { asset: symbol })}
      closeLabel={t('move.close')}
    >
      <form
        className="cold-move"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (ready) void submit();
        }}
      >
        <MoveTypeChoice value={type} onChange={setType} />
        <NumericInput
          label={t('move.amount')}
          value={amount}
          onValueChange={(value) => {
            setAmount(value);
            setTouched(true);
          }}
          maxDecimals={decimals}
          error={touched && amountError ? t(amountError) : undefined}
          hint={t(type === 'create' ? 'move.availableHint' : 'move.coldHint', {
            amount: `${amountText(type === 'create' ? holding.available : holding.quantity, decimals)} ${symbol}`,
          })}
          trailing={
            <button
              type="button"
              className="cold-move__max"
              onClick={() => setAmount(formatAmount(movable(holding, type), decimals))}
            >
              {t('move.max')}
            </button>
          }
        />
        <approval.Field value={proof} onChange={setProof} error={error} />
        <div className="cold-move__actions">
          <Button variant="secondary" onClick={onClose}>
            {t('move.cancel')}
          </Button>
          <Button type="submit" loading={move.isPending} disabled={!ready}>
            {t(type === 'create' ? 'move.submitIn' : 'move.submitOut')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
