// What a screen shows when its code could not be downloaded (ChunkLoadError, a timeout) or crashed
// while rendering: what happened and a retry, never a blank page. The retry reloads the page, which
// also picks up a newly deployed version whose files replaced the ones this page asked for.
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CloudOff, TriangleAlert } from 'lucide-react';
import { Button } from '../components/button/Button.tsx';
import { EmptyState } from '../components/empty-state/EmptyState.tsx';
import { isChunkLoadError } from './chunk-errors.ts';

export function RouteFailure({ error }: { readonly error: unknown }) {
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);
  if (!chunk) console.error(error);
  return (
    <div role="alert" className="route-error">
      <EmptyState
        headingLevel={1}
        icon={chunk ? <CloudOff size={28} /> : <TriangleAlert size={28} />}
        title={chunk ? t('errors.chunkTitle') : t('errors.unexpectedTitle')}
        action={<Button onClick={() => window.location.reload()}>{t('actions.tryAgain')}</Button>}
      >
        <p>{chunk ? t('errors.chunkBody') : t('errors.unexpectedBody')}</p>
      </EmptyState>
    </div>
  );
}

/** The error element of the routes: an error thrown while a screen renders. */
export function RouteError() {
  return <RouteFailure error={useRouteError()} />;
}
