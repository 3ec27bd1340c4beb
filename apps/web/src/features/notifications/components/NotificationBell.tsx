// The bell with the unread count (spec §2). In the sidebar it is a labelled row, in the mobile
// header an icon; both open the same panel.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bell } from 'lucide-react';
import { useNotifications } from '../api/notifications-api.ts';
import { NotificationPanel } from './NotificationPanel.tsx';
import './notifications.css';

export function NotificationBell({ placement }: { readonly placement: 'sidebar' | 'header' }) {
  const { t } = useTranslation('notifications');
  const [open, setOpen] = useState(false);
  const { data } = useNotifications();
  const unread = data?.unreadCount ?? 0;
  const label = unread > 0 ? t('bellUnread', { count: unread }) : t('bell');
  const badge =
    unread > 0 ? (
      <span className="bell__badge tabular" aria-hidden="true">
        {unread > 99 ? '99+' : unread}
      </span>
    ) : null;
  return (
    <>
      {placement === 'sidebar' ? (
        <button
          type="button"
          className="nav-link nav-link--button bell"
          aria-label={label}
          onClick={() => setOpen(true)}
        >
          <Bell size={20} aria-hidden="true" />
          <span aria-hidden="true">{t('title')}</span>
          {badge}
        </button>
      ) : (
        <button type="button" className="icon-button bell bell--icon" aria-label={label} onClick={() => setOpen(true)}>
          <Bell size={22} aria-hidden="true" />
          {badge}
        </button>
      )}
      <NotificationPanel open={open} onOpenChange={setOpen} />
    </>
  );
}
