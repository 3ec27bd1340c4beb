// Where the swap just placed stands (spec §2: the progress message; UI.md: state is always visible):
// in progress with "arrival takes 30 minutes or less" and the latest arrival time, then completed
// (or failed, with the source returned), and what the customer can do next. The bar moves without a
// figure while in progress: the arrival time is a promise, not a measured progress.
import { useTranslation } from 'react-i18next';
import { CircleCheck, CircleX, Hourglass } from 'lucide-react';
import type { Swap } from '@rora/contracts';
import { Button } from '../../../components/button/Button.tsx';
import { formatTime } from '../../../lib/format/dates.ts';
import { currentLanguageTag } from '../../../lib/i18n/i18n.ts';
import { coins } from '../model/display.ts';

const icons = {
  in_progress: <Hourglass size={28} aria-hidden="true" />,
  completed: <CircleCheck size={28} aria-hidden="true" />,
  failed: <CircleX size={28} aria-hidden="true" />,
};

function Message({ swap }: { readonly swap: Swap }) {
  const { t } = useTranslation('swap');
  const received = coins(swap.receive, swap.to);
  if (swap.status === 'completed') {
    return (
      <>
        <h3>{t('progress.completedTitle')}</h3>
        <p>{t('progress.completedBody', { amount: received })}</p>
      </>
    );
  }
  if (swap.status === 'failed') {
    return (
      <>
        <h3>{t('progress.failedTitle')}</h3>
        <p>{t('progress.failedBody', { asset: swap.from })}</p>
      </>
    );
  }
  return (
    <>
      <h3>{t('progress.inProgressTitle')}</h3>
      <p>{t('progress.inProgressBody', { amount: received })}</p>
      <p className="swap-progress__time">
        {t('progress.arrivesBy', { time: formatTime(new Date(swap.arrivesBy), currentLanguageTag()) })}
      </p>
    </>
  );
}

export function SwapProgress({ swap, onAnother }: { readonly swap: Swap; readonly onAnother: () => void }) {
  const { t } = useTranslation('swap');
  const running = swap.status === 'in_progress';
  return (
    <section className={`swap-progress swap-progress--${swap.status}`} aria-live="polite" data-testid="swap-progress">
      <div className="swap-progress__icon">{icons[swap.status]}</div>
      <div className="swap-progress__text">
        <Message swap={swap} />
      </div>
      <div
        className={['swap-progress__bar', running ? 'swap-progress__bar--running' : ''].join(' ')}
        role="progressbar"
        aria-label={t(running ? 'progress.inProgressTitle' : 'progress.completedTitle')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={running ? undefined : 100}
      >
        <span />
      </div>
      {running ? null : (
        <Button variant="secondary" onClick={onAnother}>
          {t('progress.another')}
        </Button>
      )}
    </section>
  );
}
