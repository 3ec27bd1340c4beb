// POST /webhooks/identity: the identity provider's decision, signed (lib/signed-webhook-route.ts).
// The sandbox provider's timer runs with the jobs (see background.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { kycCalls } from '@rora/contracts';
import type { ModuleOptions } from '../index.ts';
import { routeAddress } from '../accounts/index.ts';
import { serveSignedWebhook } from '../../lib/signed-webhook-route.ts';

export const identityWebhookRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  const { decisions, sandbox } = services.kyc;
  serveSignedWebhook(app, {
    address: routeAddress(kycCalls.identityWebhook),
    path: kycCalls.identityWebhook.path,
    summary: "The identity provider's decision, signed (X-Rora-Signature for the sandbox)",
    perMinute: 300,
    receive: (delivery) => decisions.receive(delivery),
    sandbox,
  });
};
