// The on-ramp module's public face: card purchases through a provider adapter (POST /order/init),
// the provider's signed webhook, the sandbox provider's hosted widget, and the job the worker
// runs. core.ts wires it once; ONRAMP_PROVIDER picks the adapter (`sandbox` so far).
import type { Database } from '@rora/db';
import { createLedger, type Ledger } from '@rora/ledger';
import type { JobDefinition } from '@rora/worker';
import type { Config } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import { requireSharedSecret } from '../../webhook-secrets.ts';
import type { KycGate } from '../kyc/index.ts';
import type { NotificationService } from '../notifications/index.ts';
import type { EventBus } from '../realtime/index.ts';
import { createOnrampJobs } from './onramp.jobs.ts';
import { createOnrampService, type OnrampService, type UsdPriceSource } from './onramp.service.ts';
import { createOnrampWebhooks, type OnrampWebhooks } from './onramp-webhooks.ts';
import type { OnrampProvider } from './provider/onramp-provider.ts';
import { createSandboxOnrampProvider, type SandboxOnrampProvider } from './provider/sandbox-provider.ts';

export { PROCESS_ONRAMP_JOB } from './onramp.jobs.ts';
export type { UsdPriceSource } from './onramp.service.ts';
export { ONRAMP_SIGNATURE_HEADER, signOnrampWebhook } from './provider/webhook-signature.ts';

export interface OnrampModule {
  service: OnrampService;
  webhooks: OnrampWebhooks;
  provider: OnrampProvider;
  /** The sandbox provider when it is the one configured (its widget routes, and tests drive it). */
  sandbox: SandboxOnrampProvider | null;
  /** Run by the worker (background.ts), in the API process or standalone. */
  jobs: JobDefinition[];
  now(): Date;
}

export function createOnrampModule(deps: {
  config: Config;
  database: Database;
  clock: Clock;
  kycGate: KycGate;
  notifications: Pick<NotificationService, 'notify'>;
  events: EventBus;
  prices: UsdPriceSource;
  ledger?: Ledger;
}): OnrampModule {
  const { config, clock } = deps;
  const { db } = deps.database;
  // Production's from its configuration; the sandbox's random per data folder (webhook-secrets.ts).
  const secret = requireSharedSecret(config, 'ONRAMP_WEBHOOK_SECRET');
  // ONRAMP_PROVIDER picks the adapter; `sandbox` is the only one so far.
  const sandbox = createSandboxOnrampProvider({ db, clock, secret });
  const provider: OnrampProvider = sandbox;
  const service = createOnrampService({ db, clock, kycGate: deps.kycGate, provider, prices: deps.prices });
  const webhooks = createOnrampWebhooks({
    db,
    ledger: deps.ledger ?? createLedger(),
    clock,
    provider,
    notifications: deps.notifications,
    events: deps.events,
    view: service.view,
  });
  return {
    service,
    webhooks,
    provider,
    sandbox,
    jobs: createOnrampJobs({ db, clock, webhooks, sandbox }),
    now: () => clock.now(),
  };
}
