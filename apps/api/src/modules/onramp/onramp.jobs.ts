// The on-ramp's background job (pg-boss, run by the worker of background.ts, every minute): the sandbox
// provider retries webhooks that were not answered, pending purchases whose widget expired long ago
// are marked expired (a late confirmation still completes them), and notifications a failure left
// unsent go out. Idempotent: running it twice does nothing more.
import type { JobDefinition } from '@rora/worker';
import type { Db } from '@rora/db';
import type { Clock } from '../../lib/clock.ts';
import { expirePurchases } from './onramp.repository.ts';
import type { OnrampWebhooks } from './onramp-webhooks.ts';
import type { SandboxOnrampProvider } from './provider/sandbox-provider.ts';

export const PROCESS_ONRAMP_JOB = 'process-onramp';
/** A purchase still pending this long after its widget expired is marked expired. */
export const ONRAMP_EXPIRY_GRACE_MS = 10 * 60_000;

export function createOnrampJobs(deps: {
  db: Db;
  clock: Clock;
  webhooks: OnrampWebhooks;
  sandbox: SandboxOnrampProvider | null;
}): JobDefinition[] {
  return [
    {
      name: PROCESS_ONRAMP_JOB,
      schedule: '* * * * *',
      async run({ log }) {
        const deliveries = deps.sandbox ? await deps.sandbox.runDue() : { delivered: 0, failed: 0 };
        const now = deps.clock.now();
        const expired = await expirePurchases(deps.db, new Date(now.getTime() - ONRAMP_EXPIRY_GRACE_MS), now);
        const notified = await deps.webhooks.notifyPending(log);
        return { ...deliveries, expired, notified };
      },
    },
  ];
}
