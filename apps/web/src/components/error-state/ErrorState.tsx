// A failed load (spec §8): 'An error occurred while fetching the data' with a Try Again action.
import { useTranslation } from 'react-i18next';
import { CircleAlert } from 'lucide-react';
import { Button } from '../button/Button.tsx';
import { EmptyState } from '../empty-state/EmptyState.tsx';

export interface ErrorStateProps {
  readonly onRetry: () => void;
  readonly retrying?: boolean;
  readonly message?: string;
  readonly title?: string;
}

export function ErrorState({ onRetry, retrying = false, message, title }: ErrorStateProps) {
  const { t } = useTranslation();
  return (
    <div role="alert">
      <EmptyState
        icon={<CircleAlert size={28} />}
        title={title ?? t('errors.fetchFailed')}
        action={
          <Button variant="secondary" onClick={onRetry} loading={retrying}>
            {t('actions.tryAgain')}
          </Button>
        }
      >
        {message ? <p>{message}</p> : null}
      </EmptyState>
    </div>
  );
}
