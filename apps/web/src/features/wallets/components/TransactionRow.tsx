// One transaction: what happened, when, with whom; its label (pending with confirmations n of m,
// completed, failed with the reason, or why an approved send waits); the amount signed with its coin;
// a link to the explorer.
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
import { describeTransaction } from '../model/transaction-view.ts';
import { dateTimeFormat } from '../../../lib/format/intl-cache.ts';

const STATUS_ICONS = { success: CircleCheck, warning: CircleDashed, danger: CircleX } as const;

/** `bc1qw508…f3t4`: enough of an address to recognise it. */
export function shortAddress(address: string): string {
  return address.length > 16 ? `${address.slice(0, 8)}…${address.slice(-6)}` : address;
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
      <div className="tx__main">
        <p className="tx__title">
          {view.titleValues ? (
            t(view.titleKey, view.titleValues)
          ) : (
            <>
              {t(view.titleKey)} <span className="tx__asset">{transaction.assetSymbol}</span>
            </>
          )}
        </p>
        <p className="tx__meta">
          <time dateTime={transaction.createdAt}>{when}</time>
          {party ? <span className="mono">{party}</span> : null}
        </p>
        {view.detail ? <p className="tx__detail tabular">{t(view.detail.key, view.detail.values)}</p> : null}
        {reason ? <p className="tx__reason">{t('transactions.reason', { reason })}</p> : null}
        {transaction.waitingReason ? (
          <p className="tx__reason" role="status">
            {t(`transactions.waiting.${transaction.waitingReason}`)}
          </p>
        ) : null}
        {transaction.explorerUrl ? (
          <a className="tx__link" href={transaction.explorerUrl} target="_blank" rel="noreferrer noopener">
            {t('transactions.explorer')} <ExternalLink size={14} aria-hidden="true" />
          </a>
        ) : null}
        {view.link ? (
          <Link className="tx__link" to={view.link.path}>
            {t(view.link.labelKey)} <ArrowRight size={14} aria-hidden="true" />
          </Link>
        ) : null}
      </div>
      <div className="tx__side tabular">
        <p className={`tx__amount tx__amount--${transaction.direction}`}>
          {view.signedAmount} {transaction.assetSymbol}
        </p>
        {transaction.fee !== '0' ? (
          <p className="tx__fee">
            {t('transactions.fee', {
              amount: `${formatCoins(transaction.fee, decimals)} ${transaction.assetSymbol}`,
            })}
          </p>
        ) : null}
        <p className={`tx-status tx-status--${view.tone}`}>
          <StatusIcon size={14} aria-hidden="true" />
          {t(view.statusKey)}
        </p>
        {view.progress ? <p className="tx__progress">{t('transactions.confirming', view.progress)}</p> : null}
      </div>
    </li>
  );
}
