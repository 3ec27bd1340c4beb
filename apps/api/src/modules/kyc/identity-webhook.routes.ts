// POST /webhooks/identity: the identity provider's decision. The body is kept raw (the signature
// covers its exact bytes) and read by the provider adapter only after the signature is verified.
// Refusals are logged with their reason; nothing about the body is echoed back.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, kycCalls } from '@rora/contracts';
import type { ModuleOptions } from '../index.ts';
import { routeAddress } from '../accounts/index.ts';

const WEBHOOK_BODY_LIMIT = 64 * 1024;

export const identityWebhookRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  const { decisions, sandbox } = services.kyc;

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.route({
    ...routeAddress(kycCalls.identityWebhook),
    bodyLimit: WEBHOOK_BODY_LIMIT,
    config: { rateLimit: { max: 300, timeWindow: '1 minute' } },
    schema: {
      tags: ['webhooks'],
      summary: "The identity provider's decision, signed (X-Rora-Signature for the sandbox)",
      response: {
        200: envelope(z.object({ received: z.literal(true), applied: z.boolean(), duplicate: z.boolean() })),
      },
    },
    handler: async (request) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const result = await decisions.receive({ headers: request.headers, rawBody, log: request.log });
      return { data: { received: true as const, ...result } };
    },
  });

  if (sandbox) {
    // The sandbox calls this route as a provider would, through the whole HTTP pipeline in-process
    // (its timer runs with the jobs: see background.ts).
    const url = `${app.prefix}${kycCalls.identityWebhook.path}`;
    sandbox.connect(
      async ({ headers, body }) => (await app.inject({ method: 'POST', url, headers, payload: body })).statusCode,
    );
  }
};
