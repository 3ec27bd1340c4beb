// /dashboard/finance: not open yet; the area's purpose and the account's state.
import { AreaPreview } from '../../features/previews/index.ts';

export function Component() {
  return <AreaPreview area="lending" />;
}
