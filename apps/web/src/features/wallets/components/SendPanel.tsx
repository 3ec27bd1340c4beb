// Send (spec §2): the caution to send only this coin, the recipient checked as it is typed (by the
// server, which knows every chain's rules and every Rora customer's address), the amount with a Max
// button, the speed and its fee, then a confirmation with the PIN or 2FA step (SendConfirmDialog).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TriangleAlert } from 'lucide-react';
import type { Wallet } from '@rora/contracts';
import { Button } from '../../../components/button/Button.tsx';
import { TextField } from '../../../components/text-field/TextField.tsx';
import { useApprovalMethod } from '../api/approval-api.ts';
import { AmountField } from './AmountField.tsx';
import { FeeSummary } from './FeeSummary.tsx';
import { SendConfirmDialog } from './SendConfirmDialog.tsx';
import { SpeedChoice } from './SpeedChoice.tsx';
import { useSendForm } from './use-send-form.ts';

function AddressStatus({ checking, message, ok }: { checking: boolean; message: string | null; ok: boolean }) {
  const { t } = useTranslation('wallets');
  if (checking) return <>{t('send.checking')}</>;
  if (!message) return <>{t('send.addressHint')}</>;
  return <span className={ok ? 'send__ok' : undefined}>{message}</span>;
}

function AddressField({
  form,
  networkName,
}: {
  readonly form: ReturnType<typeof useSendForm>;
  readonly networkName: string;
}) {
  const { t } = useTranslation('wallets');
  const { check } = form;
  let message: string | null = null;
  if (form.internal) message = t('send.internal');
  else if (check?.valid) message = t('send.addressOk', { network: networkName });
  return (
    <TextField
      label={t('send.address')}
      value={form.draft.address}
      autoComplete="off"
      spellCheck={false}
      className="send__address"
      onChange={(event) => form.set('address')(event.currentTarget.value)}
      onBlur={() => form.touch('address')}
      error={form.shown('address')}
      hint={<AddressStatus checking={form.draft.address !== '' && !form.fresh} message={message} ok={!!check?.valid} />}
    />
  );
}

export function SendPanel({ wallet, onSent }: { readonly wallet: Wallet; readonly onSent: () => void }) {
  const { t } = useTranslation('wallets');
  const { network } = wallet;
  const form = useSendForm(wallet);
  const [confirming, setConfirming] = useState(false);
  const approvalMethod = useApprovalMethod();
  const { draft } = form;

  return (
    <section className="wallet-panel" aria-labelledby="send-title">
      <h2 id="send-title" className="wallet-panel__title">
        {t('send.title', { asset: network.assetSymbol })}
      </h2>
      <p className="notice notice--warning" role="note">
        <TriangleAlert size={18} aria-hidden="true" />
        {t('send.warning', { asset: network.assetSymbol, network: network.name })}
      </p>
      <form
        className="send"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          form.touchAll();
          if (form.ready) setConfirming(true);
        }}
      >
        <AddressField form={form} networkName={network.name} />
        {network.usesDestinationTag ? (
          <TextField
            label={t('send.tag')}
            inputMode="numeric"
            value={draft.destinationTag}
            onChange={(event) => form.set('destinationTag')(event.currentTarget.value)}
            onBlur={() => form.touch('destinationTag')}
            error={form.shown('destinationTag')}
            hint={t('send.tagHint')}
          />
        ) : null}
        <AmountField
          wallet={wallet}
          value={draft.amount}
          onChange={form.set('amount')}
          onBlur={() => form.touch('amount')}
          error={form.shown('amount')}
          maxAmount={form.estimate?.maxAmount}
        />
        {form.internal ? null : <SpeedChoice value={form.priority} onChange={form.setPriority} />}
        <FeeSummary wallet={wallet} estimate={form.fresh ? form.estimate : undefined} />
        {approvalMethod.data === 'pinNotSet' ? (
          <p className="notice" role="note">
            {t('approval.pinNotSetNotice')}
          </p>
        ) : null}
        <Button type="submit" block disabled={!form.ready}>
          {t('send.review')}
        </Button>
      </form>
      {confirming && form.estimate ? (
        <SendConfirmDialog
          wallet={wallet}
          draft={draft}
          priority={form.priority}
          estimate={form.estimate}
          onClose={() => setConfirming(false)}
          onSent={() => {
            setConfirming(false);
            form.reset();
            onSent();
          }}
        />
      ) : null}
    </section>
  );
}
