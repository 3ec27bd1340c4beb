// Previous / next through the pages of a list, with where the customer is ("Page 2 of 3"); nothing
// when everything fits on one page.
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button/Button.tsx';

interface Props {
  readonly label: string;
  readonly page: number;
  readonly pages: number;
  readonly onPage: (page: number) => void;
}

export function Pager({ label, page, pages, onPage }: Props) {
  const { t } = useTranslation('exchange');
  if (pages <= 1) return null;
  return (
    <nav className="orders-panel__pages" aria-label={label}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('previous')}
      </Button>
      <span className="tabular" aria-live="polite">
        {t('page', { page, pages })}
      </span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('next')}
      </Button>
    </nav>
  );
}
