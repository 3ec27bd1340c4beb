// Previous / next through the pages of a list the API answers a page at a time (page, limit,
// total), with where the customer is ("Page 2 of 3"); nothing when everything fits on one page.
// The orders, the loans of each lending view and the stakes use it, so every row can be reached.
import { useEffect, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button/Button.tsx';
import { clampPage } from './paging.ts';
import './pager.css';

interface Props {
  readonly label: string;
  readonly page: number;
  readonly pages: number;
  readonly onPage: (page: number) => void;
}

export function Pager({ label, page, pages, onPage }: Props) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav className="pager-nav" aria-label={label}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </Button>
      <span className="tabular" aria-live="polite">
        {t('pager.page', { page, pages })}
      </span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </Button>
    </nav>
  );
}

/**
 * Brings the page shown back within the last page there is once an answer for it settles
 * (`settled`: not a previous page's answer kept on screen): repaying, unstaking or cancelling the
 * only row of the last page empties it, so the one before shows.
 */
export function useClampPage(
  setPage: Dispatch<SetStateAction<number>>,
  list: { readonly total: number; readonly limit: number } | undefined,
  settled: boolean,
) {
  useEffect(() => {
    if (settled && list) setPage((current) => clampPage(current, list.total, list.limit));
  }, [setPage, settled, list]);
}
