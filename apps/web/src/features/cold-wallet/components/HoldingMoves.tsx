// The moves of the active holding (GET /coldwallet/{id}), newest first, a page at a time. A move's
// amount is a coin amount in a list (ADR 0035: coinsOf, up to 8 decimals), as the wallets'
// transactions show the same move, not a balance cut to 3 decimals.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowDownToLine, ArrowUpFromLine } from 'lucide-react';
import type { ColdWallet } from '@rora/contracts';
import { Button } from '../../../components/button/Button.tsx';
import { ErrorState } from '../../../components/error-state/ErrorState.tsx';
import { Skeleton } from '../../../components/skeleton/Skeleton.tsx';
import { currentLanguageTag } from '../../../lib/i18n/i18n.ts';
import { coinsOf } from '../../../lib/format/numbers.ts';
import { MOVES_PAGE_LIMIT, useColdWallet } from '../api/coldwallet-api.ts';
import { dateTimeFormat } from '../../../lib/format/intl-cache.ts';

export function HoldingMoves({ holding }: { readonly holding: ColdWallet }) {
  const { t } = useTranslation('coldWallet');
  const [page, setPage] = useState(1);
  const detail = useColdWallet(holding.id, page);
  const date = dateTimeFormat(currentLanguageTag(), { dateStyle: 'medium', timeStyle: 'short' });
  const pages = Math.max(1, Math.ceil((detail.data?.total ?? 0) / MOVES_PAGE_LIMIT));
  let body;
  if (detail.data === undefined && detail.isError) {
    body = <ErrorState onRetry={() => void detail.refetch()} retrying={detail.isFetching} />;
  } else if (detail.data === undefined) {
    body = <Skeleton height={96} radius="var(--radius)" />;
  } else if (detail.data.items.length === 0) {
    body = <p className="cold__muted">{t('moves.empty', { asset: holding.assetSymbol })}</p>;
  } else {
    body = (
      <ul className="cold-moves">
        {detail.data.items.map((move) => {
          const into = move.direction === 'to_cold';
          const Icon = into ? ArrowDownToLine : ArrowUpFromLine;
          return (
            <li key={move.id} className="cold-moves__item">
              <Icon size={18} aria-hidden="true" />
              <span className="cold-moves__what">{t(into ? 'moves.in' : 'moves.out')}</span>
              <time className="cold__muted" dateTime={move.createdAt}>
                {date.format(new Date(move.createdAt))}
              </time>
              <span className="tabular cold-moves__amount">
                {into ? '+' : '−'}
                {coinsOf(move.amount, holding.assetSymbol)}
              </span>
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <section className="cold-card" aria-labelledby="cold-moves-title">
      <h2 id="cold-moves-title">{t('moves.title', { asset: holding.assetSymbol })}</h2>
      {body}
      {pages > 1 ? (
        <nav className="cold-pager" aria-label={t('moves.title', { asset: holding.assetSymbol })}>
          <Button variant="ghost" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('moves.previous')}
          </Button>
          <span className="tabular">{t('moves.page', { page, pages })}</span>
          <Button variant="ghost" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('moves.next')}
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
