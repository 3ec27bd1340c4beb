// Routes of price alerts: POST /alert (spec §7), the customer's alerts, and deleting one.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alertBodySchema,
  alertListResponseSchema,
  alertResponseSchema,
  marketsCalls,
  pageQuerySchema,
  successResponseSchema,
} from '@rora/contracts';
import { currentUser } from '../../plugins/auth.ts';
import { limitPerCustomer } from '../../plugins/rate-limit.ts';
import { accountRouteValidator, routeAddress } from '../accounts/index.ts';
import type { AlertsService } from './alerts.service.ts';

const tags = ['alerts'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NO_SUCH_ID = '00000000-0000-0000-0000-000000000000';

export function alertsRoutes(alerts: AlertsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.setValidatorCompiler(accountRouteValidator);

    app.route({
      ...routeAddress(marketsCalls.createAlert),
      config: limitPerCustomer(30),
      schema: {
        tags,
        summary: 'Alert me when a pair goes above or below a price',
        body: alertBodySchema,
        response: { 201: alertResponseSchema },
      },
      preHandler: app.authenticate,
      handler: async (request, reply) => {
        const data = await alerts.create({ userId: currentUser(request).userId, body: request.body });
        return reply.code(201).send({ data });
      },
    });

    app.route({
      ...routeAddress(marketsCalls.listAlerts),
      schema: {
        tags,
        summary: "The customer's alerts, newest first",
        querystring: pageQuerySchema,
        response: { 200: alertListResponseSchema },
      },
      preHandler: app.authenticate,
      handler: async (request) => ({
        data: await alerts.list({ userId: currentUser(request).userId, page: request.query }),
      }),
    });

    app.route({
      ...routeAddress(marketsCalls.deleteAlert),
      schema: {
        tags,
        summary: 'Delete an alert',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: successResponseSchema },
      },
      preHandler: app.authenticate,
      handler: async (request) => {
        const id = UUID.test(request.params.id) ? request.params.id : NO_SUCH_ID;
        await alerts.remove({ userId: currentUser(request).userId, id });
        return { data: { success: true as const } };
      },
    });
  };
}
