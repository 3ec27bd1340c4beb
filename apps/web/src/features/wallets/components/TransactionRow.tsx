// One transaction: what happened, when, with whom; its label (pending with confirmations n of m,
// completed, failed with the reason, or why an approved send waits); the amount signed with its coin;
// a link to the explorer. Laid out in lines that each fit a phone: what and how much, when and its
// state, then the notes (fee, counterparty, txid shortened in the middle, never an amount).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ArrowDownLeft,
  ArrowRight,
  ArrowUpRight,
  CircleCheck,
  CircleDashed,
  CircleX,
  ExternalLink,
} from 'lucide-react';
import type { WalletTransaction } from '@rora/contracts';
import { formatCoins } from '../../../lib/format/numbers.ts';
import { currentLanguageTag } from '../../../lib/i18n/i18n.ts';
import { describeTransaction, type TransactionDisplay } from '../model/transaction-view.ts';
import { dateTimeFormat } from '../../../lib/format/intl-cache.ts';

const STATUS_ICONS = { success: CircleCheck, warning: CircleDashed, danger: CircleX } as const;

/** `bc1qw508…f3t4`: enough of an address or a txid to recognise it, cut in the middle. */
export function shortAddress(address: string): string {
  return address.length > 16 ? `${address.slice(0, 8)}…${address.slice(-6)}` : address;
}

/** Where to read more: the explorer for a chain transaction, the screen of its source inside the app. */
function TransactionLinks({
  explorerUrl,
  link,
}: {
  readonly explorerUrl: string | null;
  readonly link: TransactionDisplay['link'];
}) {
  const { t } = useTranslation('wallets');
  if (!explorerUrl && !link) return null;
  return (
    <p className="tx__links">
      {explorerUrl ? (
        <a className="tx__link" href={explorerUrl} target="_blank" rel="noreferrer noopener">
          {t('transactions.explorer')} <ExternalLink size={14} aria-hidden="true" />
        </a>
      ) : null}
      {link ? (
        <Link className="tx__link" to={link.path}>
          {t(link.labelKey)} <ArrowRight size={14} aria-hidden="true" />
        </Link>
      ) : null}
    </p>
  );
}

export function TransactionRow({
  transaction,
  decimals,
}: {
  readonly transaction: WalletTransaction;
  readonly decimals: number;
}) {
  const { t } = useTranslation('wallets');
  const view = describeTransaction(transaction, decimals);
  const StatusIcon = STATUS_ICONS[view.tone];
  const Direction = transaction.direction === 'in' ? ArrowDownLeft : ArrowUpRight;
  const when = dateTimeFormat(currentLanguageTag(), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(transaction.createdAt),
  );
  const party = transaction.counterparty
    ? t(transaction.direction === 'in' ? 'transactions.from' : 'transactions.to', {
        address: shortAddress(transaction.counterparty),
      })
    : null;
  const reason = transaction.failureReason
    ? t(`errors.${transaction.failureReason}`, { defaultValue: transaction.failureReason })
    : null;
  return (
    <li className="tx" data-status={transaction.status}>
      <span className={`tx__icon tx__icon--${transaction.direction}`} aria-hidden="true">
        <Direction size={18} />
      </span>
      <div className="tx__body">
        <div className="tx__line">
          <p className="tx__title">
            {view.titleValues ? (
              t(view.titleKey, view.titleValues)
            ) : (
              <>
                {t(view.titleKey)} <span className="tx__asset">{transaction.assetSymbol}</span>
              </>
            )}
          </p>
          <p className={`tx__amount tx__amount--${transaction.direction} tabular`}>
            {view.signedAmount} {transaction.assetSymbol}
          </p>
        </div>
        <div className="tx__line">
          <time className="tx__date" dateTime={transaction.createdAt}>
            {when}
          </time>
          <p className={`tx-status tx-status--${view.tone}`}>
            <StatusIcon size={14} aria-hidden="true" />
            {t(view.statusKey)}
          </p>
        </div>
        {view.progress ? <p className="tx__note">{t('transactions.confirming', view.progress)}</p> : null}
        {transaction.fee !== '0' ? (
          <p className="tx__note tabular">
            {t('transactions.fee', {
              amount: `${formatCoins(transaction.fee, decimals)} ${transaction.assetSymbol}`,
            })}
          </p>
        ) : null}
        {party ? <p className="tx__note mono">{party}</p> : null}
        {transaction.txid ? (
          <p className="tx__note mono">{t('transactions.txid', { txid: shortAddress(transaction.txid) })}</p>
        ) : null}
        {view.detail ? <p className="tx__note tabular">{t(view.detail.key, view.detail.values)}</p> : null}
        {reason ? <p className="tx__reason">{t('transactions.reason', { reason })}</p> : null}
        {transaction.waitingReason ? (
          <p className="tx__reason" role="status">
            {t(`transactions.waiting.${transaction.waitingReason}`)}
          </p>
        ) : null}
        <TransactionLinks explorerUrl={transaction.explorerUrl} link={view.link} />
      </div>
    </li>
  );
}
