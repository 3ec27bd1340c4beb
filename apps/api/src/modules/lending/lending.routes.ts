// The P2P lending calls of spec §7 (GET /p2p and the five views, POST /p2p, /p2p/lend/{id},
// /p2p/repay/{id}) and, beyond it, DELETE /p2p/{id} (cancel an open request), GET /p2p/preview (a
// request's figures before confirming) and GET /p2p/{id} (one loan with its timeline). Money-moving
// calls take an Idempotency-Key. Sandbox only: POST /dev/lending/price (see lending-dev.routes.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  lendingCalls,
  loanListResponseSchema,
  loanMarketQuerySchema,
  loanPreviewQuerySchema,
  loanPreviewResponseSchema,
  loanRepayBodySchema,
  loanRequestBodySchema,
  loanResponseSchema,
  loanViewQuerySchema,
} from '@rora/contracts';
import { currentUser } from '../../plugins/auth.ts';
import { limitPerCustomer } from '../../plugins/rate-limit.ts';
import { accountRouteValidator, routeAddress } from '../accounts/index.ts';
import type { ModuleOptions } from '../index.ts';
import { lendingDevRoutes } from './lending-dev.routes.ts';
import type { LoanViewName } from './lending-views.ts';

const tags = ['p2p'];
const idParams = z.object({ id: z.string().max(100) });

const VIEWS: Record<LoanViewName, { summary: string }> = {
  myRequests: { summary: 'My open loan requests (I borrow, not lent yet)' },
  myBorrowing: { summary: 'Loans I borrowed that are active' },
  myLending: { summary: 'Loans I lent that are active' },
  myRepaidBorrowing: { summary: 'Loans I borrowed that are settled (repaid, liquidated or closed)' },
  myRepaidLending: { summary: 'Loans I lent that are settled: repaid to me, or paid from the collateral' },
};

export const lendingRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, options) => {
  app.setValidatorCompiler(accountRouteValidator);
  const { service, views } = options.services.lending;
  const keyed = { idempotent: true, recoverIdempotent: service.recover, ...limitPerCustomer(60) } as const;

  app.route({
    ...routeAddress(lendingCalls.market),
    preHandler: app.authenticate,
    schema: {
      tags,
      summary: 'Others’ open loan requests, by asset and term, sorted by rate',
      querystring: loanMarketQuerySchema,
      response: { 200: loanListResponseSchema },
    },
    handler: async (request) => ({ data: await views.market(currentUser(request).userId, request.query) }),
  });

  for (const [name, { summary }] of Object.entries(VIEWS) as [LoanViewName, { summary: string }][]) {
    app.route({
      ...routeAddress(lendingCalls[name]),
      preHandler: app.authenticate,
      schema: { tags, summary, querystring: loanViewQuerySchema, response: { 200: loanListResponseSchema } },
      handler: async (request) => ({ data: await views.mine(currentUser(request).userId, name, request.query) }),
    });
  }

  await app.register(readRoutes, options);

  app.route({
    ...routeAddress(lendingCalls.request),
    config: keyed,
    preHandler: app.authenticate,
    schema: {
      tags,
      summary: 'Post a loan request; the collateral is held at once',
      body: loanRequestBodySchema,
      response: { 201: loanResponseSchema },
    },
    handler: async (request, reply) => {
      const { userId } = currentUser(request);
      const loan = await service.request({ userId, body: request.body, claimId: request.idempotencyClaim });
      return reply.code(201).send({ data: loan });
    },
  });

  await app.register(repayRoute, options);

  const steps = [
    ['lend', 'Lend: fund the whole request', service.lend],
    ['cancel', 'Cancel an open request; the collateral returns', service.cancel],
  ] as const;
  for (const [name, summary, step] of steps) {
    app.route({
      ...routeAddress(lendingCalls[name]),
      config: keyed,
      preHandler: app.authenticate,
      schema: { tags, summary, params: idParams, response: { 200: loanResponseSchema } },
      handler: async (request) => ({
        data: await step({
          userId: currentUser(request).userId,
          loanId: request.params.id,
          claimId: request.idempotencyClaim,
        }),
      }),
    });
  }

  await app.register(lendingDevRoutes, options);
};

/** The preview and one loan's detail. */
const readRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  app.setValidatorCompiler(accountRouteValidator);
  const { service, views } = services.lending;
  app.route({
    ...routeAddress(lendingCalls.preview),
    config: limitPerCustomer(120),
    preHandler: app.authenticate,
    schema: {
      tags,
      summary: 'A request’s loan-to-value, interest and repayment before posting it',
      querystring: loanPreviewQuerySchema,
      response: { 200: loanPreviewResponseSchema },
    },
    handler: async (request) => ({
      data: await service.preview({ userId: currentUser(request).userId, body: request.query }),
    }),
  });

  app.route({
    ...routeAddress(lendingCalls.getLoan),
    preHandler: app.authenticate,
    schema: { tags, summary: 'One loan with its timeline', params: idParams, response: { 200: loanResponseSchema } },
    handler: async (request) => ({ data: await views.get(currentUser(request).userId, request.params.id) }),
  });
};

/** Repaying: the debt now, at most the debt the customer confirmed (maxDebt) when given. */
const repayRoute: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  app.setValidatorCompiler(accountRouteValidator);
  const { service } = services.lending;
  const keyed = { idempotent: true, recoverIdempotent: service.recover, ...limitPerCustomer(60) } as const;
  app.route({
    ...routeAddress(lendingCalls.repay),
    config: keyed,
    preHandler: app.authenticate,
    schema: {
      tags,
      summary: 'Repay the debt now owed (at most maxDebt when given); the collateral returns',
      params: idParams,
      body: loanRepayBodySchema,
      response: { 200: loanResponseSchema },
    },
    handler: async (request) => ({
      data: await service.repay({
        userId: currentUser(request).userId,
        loanId: request.params.id,
        claimId: request.idempotencyClaim,
        maxDebt: request.body?.maxDebt,
      }),
    }),
  });
};
