// What the panel shows while its list (or its code) loads: skeletons shaped like notifications.
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../components/skeleton/Skeleton.tsx';

export function PanelLoading() {
  const { t } = useTranslation('notifications');
  return (
    <div className="notifications__loading" aria-busy="true" aria-label={t('loading')}>
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} height={56} radius={10} />
      ))}
    </div>
  );
}
