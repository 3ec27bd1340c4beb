// The KYC module's public face: what core.ts wires once and other modules may use. Later
// trading, swap and on-ramp routes take `services.kycGate` (see kyc-gate.ts).
import type { Database } from '@rora/db';
import type { Config } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import { requireSharedSecret } from '../../webhook-secrets.ts';
import type { MessagingService } from '../messaging/index.ts';
import type { NotificationService } from '../notifications/index.ts';
import type { IdentityProvider } from './identity-provider/identity-provider.ts';
import { createSandboxIdentityProvider, type SandboxIdentityProvider } from './identity-provider/sandbox-provider.ts';
import { createKycDecisions, type KycDecisions } from './kyc-decisions.ts';
import { createKycGate, type KycGate } from './kyc-gate.ts';
import { createKycNotifier } from './kyc-notifier.ts';
import { createKycService, type KycService } from './kyc.service.ts';
import { createDocumentStorage, type DocumentStorage } from './storage/document-storage.ts';

export { requireApprovedKyc, type KycGate } from './kyc-gate.ts';

export interface KycModule {
  service: KycService;
  decisions: KycDecisions;
  provider: IdentityProvider;
  /** The sandbox provider when it is the one configured, for its timer (and for tests to drive it). */
  sandbox: SandboxIdentityProvider | null;
  storage: DocumentStorage;
}

export function createKycModule(deps: {
  config: Config;
  database: Database;
  clock: Clock;
  notifications: NotificationService;
  messaging: MessagingService;
  storage?: DocumentStorage;
}): { kyc: KycModule; kycGate: KycGate } {
  const { config, clock } = deps;
  const { db } = deps.database;
  const storage = deps.storage ?? createDocumentStorage(config);
  const sandbox = createSandboxIdentityProvider({
    db,
    clock,
    // Production's from its configuration; the sandbox's random per data folder (webhook-secrets.ts).
    secret: requireSharedSecret(config, 'IDENTITY_WEBHOOK_SECRET'),
    decisionDelayMs: config.IDENTITY_SANDBOX_DECISION_DELAY_MS,
  });
  // IDENTITY_PROVIDER picks the adapter; `sandbox` is the only one so far.
  const provider: IdentityProvider = sandbox;
  const notifier = createKycNotifier({ notifications: deps.notifications, messaging: deps.messaging });
  const blockedCountries = config.BLOCKED_COUNTRIES;
  const service = createKycService({ db, clock, storage, provider, notifier, blockedCountries });
  const decisions = createKycDecisions({ db, clock, provider, notifier });
  return { kyc: { service, decisions, provider, sandbox, storage }, kycGate: createKycGate({ db }) };
}
export { startSandboxTicker } from './sandbox-ticker.ts';
