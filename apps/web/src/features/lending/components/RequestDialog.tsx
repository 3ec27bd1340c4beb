// Posting a loan request: the fields, the live preview from the server once they are right, and
// the confirmation. The Idempotency-Key is made when the dialog opens and kept for retries.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button/Button.tsx';
import { Dialog } from '../../../components/dialog/Dialog.tsx';
import { useAvailable, useLoanPreview, usePostRequest, useUsdPrices } from '../api/loans.ts';
import { DEFAULT_REQUEST, checkRequest, requestBody, type RequestForm } from '../model/request-form.ts';
import { RequestFields } from './RequestFields.tsx';
import { RequestPreview } from './RequestPreview.tsx';
import { useCoins } from './figures.tsx';
import { useIdempotencyKeys } from '../../../lib/api/idempotency.ts';
import { useErrorText } from '../../../lib/api/use-error-text.ts';
import { showToast } from '../../../lib/toast/toast-store.ts';

export function RequestDialog({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  const { t } = useTranslation('lending');
  const [form, setForm] = useState<RequestForm>(DEFAULT_REQUEST);
  const [touched, setTouched] = useState<ReadonlySet<keyof RequestForm>>(new Set());
  const keys = useIdempotencyKeys();
  const balances = useAvailable();
  const available = balances.data ? (balances.data.get(form.collateralAsset) ?? 0n) : null;
  const usdPrice = useUsdPrices().data?.get(form.asset) ?? null;
  const errors = checkRequest(form, available, usdPrice);
  const body = useMemo(() => requestBody(form, available, usdPrice), [form, available, usdPrice]);
  const preview = useLoanPreview(body);
  const coins = useCoins();
  const post = usePostRequest((loan) =>
    showToast(t('done.request', { collateral: coins(loan.collateralAmount, loan.collateralAsset) }), 'success'),
  );
  const { ofError: errorText } = useErrorText('lending');
  const close = () => {
    setForm(DEFAULT_REQUEST);
    setTouched(new Set());
    post.reset();
    onClose();
  };
  const change = (next: Partial<RequestForm>) => {
    setForm((current) => ({ ...current, ...next }));
    setTouched((current) => new Set([...current, ...(Object.keys(next) as (keyof RequestForm)[])]));
  };
  const ready = body !== null && preview.data?.acceptable === true && !preview.isFetching;
  const submit = () => {
    if (body) {
      post.mutate(
        { body, key: keys.keyFor(body) },
        { onSuccess: close, onSettled: (_request, error) => keys.settled(error) },
      );
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={t('request.title')}
      closeLabel={t('close')}
      className="loan-dialog"
    >
      <form className="loan-form" onSubmit={(event) => (event.preventDefault(), submit())} noValidate>
        <RequestFields form={form} errors={errors} touched={touched} available={available} onChange={change} />
        {preview.data && body ? <RequestPreview preview={preview.data} /> : null}
        {preview.isError ? (
          <p role="alert" className="loan-form__error">
            {errorText(preview.error)}
          </p>
        ) : null}
        {post.isError ? (
          <p role="alert" className="loan-form__error">
            {errorText(post.error)}
          </p>
        ) : null}
        <p className="loan-note">{t('request.hold')}</p>
        <div className="loan-dialog__actions">
          <Button type="button" variant="secondary" onClick={close} disabled={post.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" disabled={!ready} loading={post.isPending}>
            {t('request.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
