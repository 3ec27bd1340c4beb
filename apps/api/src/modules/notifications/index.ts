// The notifications context: the bell's notifications, stored and pushed to the customer's stream.
export {
  createNotificationService,
  type NotificationInput,
  type NotificationService,
  type PreparedNotification,
} from './notifications.service.ts';
export {
  NOTIFY_GRACE_MS,
  hasNotificationAbout,
  notificationRows,
  storeNotificationsIn,
} from './notifications.repository.ts';
