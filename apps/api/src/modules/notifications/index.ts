// The notifications context: the bell's notifications, stored and pushed to the customer's stream.
export {
  createNotificationService,
  type NotificationInput,
  type NotificationService,
} from './notifications.service.ts';
