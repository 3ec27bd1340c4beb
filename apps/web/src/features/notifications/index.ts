// The notification bell, its panel and the live WebSocket feed into the cache.
export { NotificationBell } from './components/NotificationBell.tsx';
export { notificationWriter } from './api/live-notifications.ts';
