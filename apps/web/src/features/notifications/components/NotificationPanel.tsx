// The panel the bell opens (spec §2, §4): a side sheet whose list is loaded on first opening
// (NotificationList.tsx), with skeletons meanwhile.
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog/Dialog.tsx';
import { PanelLoading } from './PanelLoading.tsx';

const NotificationList = lazy(() => import('./NotificationList.tsx'));

export function NotificationPanel({
  open,
  onOpenChange,
}: {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('notifications');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('title')}
      closeLabel={t('close')}
      placement="right"
      className="notifications"
    >
      {open ? (
        <Suspense fallback={<PanelLoading />}>
          <NotificationList />
        </Suspense>
      ) : null}
    </Dialog>
  );
}
