// A provider's signed webhook route (identity decisions, on-ramp payments). The body is kept raw (the
// signature covers its exact bytes) and read by the provider adapter only after the signature is
// verified; refusals are logged with their reason and nothing about the body is echoed back. A
// sandbox provider is connected to the route: it calls it in-process through the whole pipeline (raw
// body, signature, replay guard), as a provider on the network would.
import type { FastifyBaseLogger, FastifyInstance, HTTPMethods } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import { envelope } from '@rora/contracts';

const WEBHOOK_BODY_LIMIT = 64 * 1024;

export interface WebhookOutcome {
  /** The event changed something. */
  applied: boolean;
  /** The event had been received before (the provider delivered it again). */
  duplicate: boolean;
}

export interface SignedWebhook {
  /** Where the route is served (`routeAddress` of the contract call) and its path as called. */
  address: { method: HTTPMethods; url: string };
  path: string;
  summary: string;
  perMinute: number;
  receive(delivery: { headers: IncomingHttpHeaders; rawBody: Buffer; log: FastifyBaseLogger }): Promise<WebhookOutcome>;
  /** The sandbox provider, given the route to deliver to; null with a real provider. */
  sandbox: {
    connect(deliver: (delivery: { headers: Record<string, string>; body: string }) => Promise<number>): void;
  } | null;
}

/** Serves one signed webhook in `app`, a plugin of its own (its JSON parser keeps bodies raw). */
export function serveSignedWebhook(app: FastifyInstance, webhook: SignedWebhook): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.route({
    ...webhook.address,
    bodyLimit: WEBHOOK_BODY_LIMIT,
    config: { rateLimit: { max: webhook.perMinute, timeWindow: '1 minute' } },
    schema: {
      tags: ['webhooks'],
      summary: webhook.summary,
      response: {
        200: envelope(z.object({ received: z.literal(true), applied: z.boolean(), duplicate: z.boolean() })),
      },
    },
    handler: async (request) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const result = await webhook.receive({ headers: request.headers, rawBody, log: request.log });
      return { data: { received: true as const, ...result } };
    },
  });

  const url = `${app.prefix}${webhook.path}`;
  webhook.sandbox?.connect(
    async ({ headers, body }) => (await app.inject({ method: 'POST', url, headers, payload: body })).statusCode,
  );
}
