// Runs the sandbox provider's due decisions every IDENTITY_SANDBOX_POLL_MS, with the jobs
// (background.ts: in the API process or the standalone worker). A timer rather than a pg-boss job: pg-boss schedules by the database's clock with second-level
// granularity, while the sandbox's delay follows the app's injected clock, so tests move time and
// call runDue() instead of sleeping. Several processes may tick at once: checks are claimed with
// FOR UPDATE SKIP LOCKED, so each is delivered by one of them.
import type { KycLogger } from './kyc-notifier.ts';
import type { SandboxIdentityProvider } from './identity-provider/sandbox-provider.ts';

export function startSandboxTicker(options: { sandbox: SandboxIdentityProvider; intervalMs: number; log: KycLogger }) {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = options.sandbox
      .runDue()
      .then((counts) => {
        if (counts.failed > 0) options.log.warn(counts, 'sandbox identity webhook deliveries failed; will retry');
      })
      .catch((error: unknown) => options.log.error({ err: error }, 'sandbox identity provider tick failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
