// The sandbox as `npm start` runs it (startServer, no secrets given): it listens on loopback only and
// checks webhooks with the secrets of its data folder, the same after a restart, never with the
// secret the source used to hold.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { signWebhook } from './modules/kyc/identity-provider/webhook-signature.ts';
import { startServer, type RunningServer } from './server.ts';
import { setUpSandboxEnv, type SandboxEnv } from './testing/sandbox-env.ts';
import { WEBHOOK_SECRETS_FILE } from './webhook-secrets.ts';

/** The identity webhook secret the source held until issue 15: public, so it must sign nothing now. */
const FORMER_SOURCE_SECRET = 'rora-sandbox-identity-webhook-secret-development-only';

let sandbox: SandboxEnv;
setUpSandboxEnv((ready) => (sandbox = ready));

function start(): Promise<RunningServer> {
  const env = { ...sandbox.env, IDENTITY_SANDBOX_POLL_MS: '0' };
  return startServer({ config: loadConfig(env), log: () => undefined });
}

/** Posts a signed identity decision for a reference nobody has; returns the status and error code. */
async function identityWebhook(base: string, secret: string): Promise<[number, string]> {
  const created = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({
    id: `evt_${randomUUID()}`,
    type: 'verification.completed',
    created,
    data: { checkId: randomUUID(), reference: randomUUID(), outcome: 'approved', reasons: [] },
  });
  const response = await fetch(`${base}/api/v1/webhooks/identity`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-rora-signature': signWebhook({ secret, rawBody: body, now: new Date() }),
    },
    body,
  });
  const answer = (await response.json()) as { error?: { code: string } };
  return [response.status, answer.error?.code ?? 'accepted'];
}

const baseOf = (server: RunningServer) => {
  const address = server.app.server.address() as AddressInfo;
  return { address: address.address, base: `http://127.0.0.1:${address.port}` };
};

describe('the sandbox start', () => {
  it('listens on loopback only, with its dev routes', async () => {
    const server = await start();
    try {
      const { address, base } = baseOf(server);
      expect(address).toBe('127.0.0.1');
      expect((await fetch(`${base}/api/v1/dev/outbox`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it("checks webhooks with its data folder's secret across restarts, and refuses the former source secret", async () => {
    let firstSecret: string | undefined;
    for (const round of [1, 2]) {
      const server = await start();
      try {
        const stored = JSON.parse(await readFile(path.join(sandbox.dataDir, WEBHOOK_SECRETS_FILE), 'utf8'));
        firstSecret ??= stored.identity as string;
        expect(stored.identity).toBe(firstSecret);
        const { base } = baseOf(server);
        expect(await identityWebhook(base, FORMER_SOURCE_SECRET), `start ${round}`).toEqual([
          401,
          'webhook_signature_invalid',
        ]);
        expect(await identityWebhook(base, firstSecret), `start ${round}`).toEqual([409, 'webhook_reference_unknown']);
      } finally {
        await server.stop();
      }
    }
  });
});
