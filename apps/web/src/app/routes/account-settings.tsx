// /dashboard/account: account settings (spec §2), the default child of Account.
import { AccountSettingsScreen } from '../../features/account/index.ts';

export function Component() {
  return <AccountSettingsScreen />;
}
