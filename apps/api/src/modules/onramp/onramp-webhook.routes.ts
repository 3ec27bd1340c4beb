// POST /webhooks/onramp: the on-ramp provider's confirmation or decline, signed
// (lib/signed-webhook-route.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onrampCalls } from '@rora/contracts';
import { routeAddress } from '../accounts/index.ts';
import type { ModuleOptions } from '../index.ts';
import { serveSignedWebhook } from '../../lib/signed-webhook-route.ts';

export const onrampWebhookRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  const { webhooks, sandbox } = services.onramp;
  serveSignedWebhook(app, {
    address: routeAddress(onrampCalls.webhook),
    path: onrampCalls.webhook.path,
    summary: "The on-ramp provider's confirmation or decline, signed (X-Onramp-Signature for the sandbox)",
    perMinute: 600,
    receive: (delivery) => webhooks.receive(delivery),
    sandbox,
  });
};
