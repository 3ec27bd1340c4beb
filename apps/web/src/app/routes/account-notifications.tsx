// /dashboard/account/notifications: notification settings (spec §2).
import { NotificationSettingsScreen } from '../../features/account/index.ts';

export function Component() {
  return <NotificationSettingsScreen />;
}
