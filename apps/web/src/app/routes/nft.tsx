// /dashboard/nft: only 'Coming Soon' (spec §2).
import { NftComingSoon } from '../../features/nft/index.ts';

export function Component() {
  return <NftComingSoon />;
}
