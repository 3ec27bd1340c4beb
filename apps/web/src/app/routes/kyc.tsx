// /account/kyc: identity verification (spec §2), the six steps of the KYC feature.
import { KycScreen } from '../../features/kyc/index.ts';

export function Component() {
  return <KycScreen />;
}
