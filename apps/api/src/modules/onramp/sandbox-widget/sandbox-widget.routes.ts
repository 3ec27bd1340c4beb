// The sandbox provider's hosted widget, served by Rora only while ONRAMP_PROVIDER=sandbox:
//   GET  /onramp/sandbox/{sessionId}?lang&theme  the widget page (HTML), shown in an iframe
//   GET  /onramp/sandbox-assets/widget.js        its script (a file: the CSP allows no inline script)
//   GET  /onramp/sandbox-assets/widget.css       its stylesheet (a file: nor inline styles)
//   POST /onramp/sandbox/{sessionId}/pay         the card form: the provider decides, then calls the webhook
// No sign-in: the session id (random, 122 bits) is the capability, as on a hosted provider's page.
import { readFile } from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, onrampCalls, sandboxPaymentBodySchema, sandboxPaymentResultSchema } from '@rora/contracts';
import { AppError } from '../../../lib/errors.ts';
import { accountRouteValidator, routeAddress } from '../../accounts/index.ts';
import type { ModuleOptions } from '../../index.ts';
import { renderWidgetPage, WIDGET_SCRIPT_ROUTE, WIDGET_STYLE_ROUTE } from './widget-page.ts';
import { WIDGET_STYLE } from './widget-style.ts';
import { widgetLanguage } from './widget-text.ts';

const tags = ['onramp sandbox'];
const sessionParams = z.object({ sessionId: z.string().max(100) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError('resource_not_found', { message: 'Payment session not found' });

export const sandboxWidgetRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  const { sandbox } = services.onramp;
  if (!sandbox) return;
  app.setValidatorCompiler(accountRouteValidator);
  const script = await readFile(new URL('./widget.js', import.meta.url), 'utf8');

  app.get(
    WIDGET_SCRIPT_ROUTE,
    { schema: { tags, summary: 'The sandbox widget’s script', hide: true } },
    async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(script),
  );

  app.get(
    WIDGET_STYLE_ROUTE,
    { schema: { tags, summary: 'The sandbox widget’s stylesheet', hide: true } },
    async (_request, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=300').send(WIDGET_STYLE),
  );

  app.route({
    ...routeAddress(onrampCalls.sandboxWidget),
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    schema: {
      tags,
      summary: 'The sandbox on-ramp widget page (HTML), opened in an iframe',
      params: sessionParams,
      querystring: z.object({ lang: z.string().max(10).optional(), theme: z.enum(['dark', 'light']).optional() }),
    },
    handler: async (request, reply) => {
      const { sessionId } = request.params;
      const session = UUID.test(sessionId) ? await sandbox.session(sessionId) : null;
      if (!session) throw notFound();
      const html = renderWidgetPage({
        session,
        language: widgetLanguage(request.query.lang),
        theme: request.query.theme ?? 'dark',
        providerName: sandbox.displayName,
        now: services.onramp.now(),
      });
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
    },
  });

  app.route({
    ...routeAddress(onrampCalls.sandboxPay),
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    schema: {
      tags,
      summary: 'The sandbox widget’s card form: approve or decline by the documented test cards',
      params: sessionParams,
      body: sandboxPaymentBodySchema,
      response: { 200: envelope(sandboxPaymentResultSchema) },
    },
    handler: async (request) => {
      const { sessionId } = request.params;
      if (!UUID.test(sessionId)) throw notFound();
      const outcome = await sandbox.pay(sessionId, request.body);
      return { data: outcome };
    },
  });
};
