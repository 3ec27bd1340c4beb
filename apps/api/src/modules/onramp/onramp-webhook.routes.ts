// POST /webhooks/onramp: the on-ramp provider's confirmation or decline, signed. The body is kept raw
// (the signature covers its exact bytes) and read by the provider adapter only once verified. The
// sandbox provider is connected here: it calls this route in-process through the whole pipeline
// (raw body, signature, replay guard), as a provider on the network would.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, onrampCalls } from '@rora/contracts';
import { routeAddress } from '../accounts/index.ts';
import type { ModuleOptions } from '../index.ts';

const WEBHOOK_BODY_LIMIT = 64 * 1024;

export const onrampWebhookRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  const { webhooks, sandbox } = services.onramp;

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.route({
    ...routeAddress(onrampCalls.webhook),
    bodyLimit: WEBHOOK_BODY_LIMIT,
    config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
    schema: {
      tags: ['webhooks'],
      summary: "The on-ramp provider's confirmation or decline, signed (X-Onramp-Signature for the sandbox)",
      response: {
        200: envelope(z.object({ received: z.literal(true), applied: z.boolean(), duplicate: z.boolean() })),
      },
    },
    handler: async (request) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const result = await webhooks.receive({ headers: request.headers, rawBody, log: request.log });
      return { data: { received: true as const, ...result } };
    },
  });

  if (sandbox) {
    const url = `${app.prefix}${onrampCalls.webhook.path}`;
    sandbox.connect(
      async ({ headers, body }) => (await app.inject({ method: 'POST', url, headers, payload: body })).statusCode,
    );
  }
};
