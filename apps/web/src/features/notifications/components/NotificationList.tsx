// The notifications list inside the bell's panel (spec §2, §4): grouped by day, newest first, 'Today'
// then full dates in the chosen language; each text written in the chosen language from its kind
// and params (model/notification-text.ts); read items dimmed; one or all can be marked read.
// Loaded when the panel first opens: reading the params takes the contract's schemas (zod), which
// the bell's count does not need, so they stay out of every signed-in page's first download.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BellOff } from 'lucide-react';
import type { Notification } from '@rora/contracts';
import { Button } from '../../../components/button/Button.tsx';
import { EmptyState } from '../../../components/empty-state/EmptyState.tsx';
import { ErrorState } from '../../../components/error-state/ErrorState.tsx';
import { formatFullDate, formatTime } from '../../../lib/format/dates.ts';
import { currentLanguageTag } from '../../../lib/i18n/i18n.ts';
import { useMarkRead, useNotifications } from '../api/notifications-api.ts';
import { groupByDay } from '../model/group-by-day.ts';
import { notificationText } from '../model/notification-text.ts';
import { PanelLoading } from './PanelLoading.tsx';

function NotificationItem({ item, onRead }: { readonly item: Notification; readonly onRead: (id: string) => void }) {
  const { t } = useTranslation('notifications');
  const text = notificationText(item, (key, values) => t(key, values));
  return (
    <li className={item.isRead ? 'notification is-read' : 'notification'}>
      <span className="notification__dot" aria-hidden="true" />
      <div className="notification__body">
        <p className="notification__message">
          {item.isRead ? null : <span className="visually-hidden">{t('unread')}: </span>}
          {text}
        </p>
        <time className="notification__time tabular" dateTime={item.createdAt}>
          {formatTime(new Date(item.createdAt), currentLanguageTag())}
        </time>
      </div>
      {item.isRead ? null : (
        <Button variant="link" className="notification__action" onClick={() => onRead(item.id)}>
          {t('markRead')}
        </Button>
      )}
    </li>
  );
}

export default function NotificationList() {
  const { t } = useTranslation('notifications');
  const query = useNotifications();
  const markRead = useMarkRead();
  const days = useMemo(() => groupByDay(query.data?.items ?? [], new Date()), [query.data]);
  if (query.isPending) return <PanelLoading />;
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (days.length === 0) {
    return (
      <EmptyState icon={<BellOff size={28} />} title={t('emptyTitle')} headingLevel={3}>
        <p>{t('emptyBody')}</p>
      </EmptyState>
    );
  }
  const language = currentLanguageTag();
  return (
    <>
      {query.data.unreadCount > 0 ? (
        <Button variant="secondary" onClick={() => markRead.mutate(null)} className="notifications__read-all">
          {t('markAllRead')}
        </Button>
      ) : null}
      {days.map((group) => (
        <section key={group.day} className="notifications__day" aria-labelledby={`day-${group.day}`}>
          <h3 id={`day-${group.day}`} className="notifications__day-title">
            {group.isToday ? t('today') : formatFullDate(group.date, language)}
          </h3>
          <ul className="notifications__list">
            {group.items.map((item) => (
              <NotificationItem key={item.id} item={item} onRead={(id) => markRead.mutate(id)} />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
