// The approval step (PIN or authenticator code) comes from the wallets feature; the route hands it in,
// since features do not import each other.
import type { ComponentType } from 'react';

export interface Proof {
  readonly pin?: string;
  readonly token?: string;
}

export interface ApprovalStep {
  readonly Field: ComponentType<{ value: Proof; onChange: (proof: Proof) => void; error?: string | undefined }>;
  readonly ready: (proof: Proof) => boolean;
}
