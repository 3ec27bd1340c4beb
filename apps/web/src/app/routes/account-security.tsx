// /dashboard/account/security: authenticator 2FA, withdrawal 2FA, PIN and password (spec §2).
import { AccountSecurityScreen } from '../../features/account/index.ts';

export function Component() {
  return <AccountSecurityScreen />;
}
