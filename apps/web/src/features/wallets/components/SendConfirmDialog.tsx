// Confirm before money moves (UI.md): the summary (recipient, network, what they get, fee, total),
// that a send cannot be reversed, then the PIN or code. A failed try keeps the dialog open with the
// reason beside the field; the same request retried reuses its Idempotency-Key.
import { useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { SendPriority, Wallet, WalletFeeEstimate, WalletTransaction } from '@rora/contracts';
import { Button } from '../../../components/button/Button.tsx';
import { Dialog } from '../../../components/dialog/Dialog.tsx';
import { showToast } from '../../../lib/toast/toast-store.ts';
import { errorMessage } from '../api/feedback.ts';
import { useIdempotencyKeys } from '../../../lib/api/idempotency.ts';
import { useSendTransaction, type SendRequest } from '../api/send-api.ts';
import { parseMinor, parseTag, sendSummary, type SendDraft } from '../model/send-form.ts';
import { ApprovalField, approvalReady, type ApprovalProof } from './ApprovalField.tsx';

export interface SendConfirmDialogProps {
  readonly wallet: Wallet;
  readonly draft: SendDraft;
  readonly priority: SendPriority;
  readonly estimate: WalletFeeEstimate;
  readonly onClose: () => void;
  readonly onSent: () => void;
}

function Row({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <div className="confirm__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function ConfirmSummary({ wallet, draft, estimate }: Pick<SendConfirmDialogProps, 'wallet' | 'draft' | 'estimate'>) {
  const { t } = useTranslation('wallets');
  const { network } = wallet;
  const decimals = network.decimals;
  const summary = sendSummary(
    parseMinor(draft.amount, decimals) ?? 0n,
    parseMinor(estimate.fee, decimals) ?? 0n,
    decimals,
  );
  const tag = parseTag(draft.destinationTag);
  const internal = estimate.address?.valid === true && estimate.address.internal;
  const asset = network.assetSymbol;
  return (
    <dl className="confirm tabular">
      <Row label={t('confirm.recipient')}>
        <span className="mono confirm__address">{draft.address.trim()}</span>
        {internal ? <span className="confirm__internal">{t('confirm.internal')}</span> : null}
      </Row>
      {tag === null ? null : <Row label={t('send.tag')}>{tag}</Row>}
      <Row label={t('confirm.network')}>{network.name}</Row>
      <Row label={t('confirm.amount')}>{`${summary.amount} ${asset}`}</Row>
      <Row label={t('send.fee')}>{internal ? t('send.feeFree') : `${summary.fee} ${asset}`}</Row>
      <Row label={t('confirm.total')}>
        <strong>{`${summary.total} ${asset}`}</strong>
      </Row>
    </dl>
  );
}

/** Tells the customer how it went: refused by the chain (funds back), settled at once, or on its way. */
function announce(sent: WalletTransaction, t: TFunction<'wallets'>): void {
  if (sent.status === 'failed') {
    const reason = sent.failureReason ?? '';
    showToast(t('confirm.failed', { reason: t(`errors.${reason}`, { defaultValue: reason }) }), 'error');
  } else showToast(t(sent.status === 'completed' ? 'confirm.completed' : 'confirm.sent'), 'success');
}

export function SendConfirmDialog({ wallet, draft, priority, estimate, onClose, onSent }: SendConfirmDialogProps) {
  const { t } = useTranslation('wallets');
  const [proof, setProof] = useState<ApprovalProof>({});
  const [error, setError] = useState<string | undefined>();
  const send = useSendTransaction();
  const keys = useIdempotencyKeys();
  const tag = parseTag(draft.destinationTag);
  // A send to another Rora customer never touches the blockchain: no warning about one.
  const internal = estimate.address?.valid === true && estimate.address.internal;

  const submit = async () => {
    const request: SendRequest = {
      walletId: wallet.id,
      address: draft.address.trim(),
      amount: draft.amount.trim(),
      priority,
      ...(tag === null ? {} : { destinationTag: tag }),
      // The fee on screen is the fee charged (0 inside Rora); a risen one is refused, then read again.
      // Its quote goes with it: Rora pays a rise of the network's fee since only on a fee it signed
      // (ADR 0080), and a refreshed estimate brings the new fee and its own quote together.
      fee: estimate.fee,
      ...(estimate.quote === null ? {} : { quote: estimate.quote }),
      ...proof,
    };
    setError(undefined);
    try {
      const sent = await send.mutateAsync({ request, idempotencyKey: keys.keyFor(request) });
      keys.settled();
      announce(sent, t);
      onSent();
    } catch (failure) {
      keys.settled(failure);
      setError(errorMessage(failure));
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('confirm.title')}
      description={t(internal ? 'confirm.descriptionInternal' : 'confirm.description')}
      closeLabel={t('confirm.close')}
    >
      <ConfirmSummary wallet={wallet} draft={draft} estimate={estimate} />
      <form
        className="confirm__form"
        onSubmit={(event) => {
          event.preventDefault();
          if (approvalReady(proof)) void submit();
        }}
      >
        <ApprovalField value={proof} onChange={setProof} error={error} />
        <div className="confirm__actions">
          <Button variant="secondary" onClick={onClose}>
            {t('confirm.cancel')}
          </Button>
          <Button type="submit" loading={send.isPending} disabled={!approvalReady(proof)}>
            {t('confirm.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
