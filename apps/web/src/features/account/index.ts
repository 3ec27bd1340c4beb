// Account screens (spec §2): settings, security and notification settings.
export { AccountSettingsScreen } from './components/settings/AccountSettingsScreen.tsx';
export { AccountSecurityScreen } from './components/security/AccountSecurityScreen.tsx';
export { NotificationSettingsScreen } from './components/notifications/NotificationSettingsScreen.tsx';
