// /dashboard/account/audit (spec §2, issue 18): the audit of reserves.
import { AuditScreen } from '../../features/audit/index.ts';

export function Component() {
  return <AuditScreen />;
}
