// Spec §7 Staking: GET /staking/plan, GET /staking/stake, POST /staking/stake (Idempotency-Key),
// and beyond the spec POST /staking/stake/{id}/unstake. HTTP only: each handler calls the service.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  stakeBodySchema,
  stakeListQuerySchema,
  stakeListResponseSchema,
  stakeResponseSchema,
  stakingCalls,
  stakingDaysPassBodySchema,
  stakingDaysPassResponseSchema,
  stakingPlanListResponseSchema,
} from '@rora/contracts';
import { currentUser } from '../../plugins/auth.ts';
import { limitPerCustomer } from '../../plugins/rate-limit.ts';
import { accountRouteValidator, routeAddress } from '../accounts/index.ts';
import type { ModuleOptions } from '../index.ts';

const tags = ['staking'];

export const stakingRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  app.setValidatorCompiler(accountRouteValidator);
  const { service } = services.staking;

  app.route({
    ...routeAddress(stakingCalls.listPlans),
    preHandler: app.authenticate,
    schema: {
      tags,
      summary: 'Staking plans: APY, lock, minimum and maximum per stake, room left',
      response: { 200: stakingPlanListResponseSchema },
    },
    handler: async () => ({ data: await service.plans() }),
  });

  app.route({
    ...routeAddress(stakingCalls.listStakes),
    preHandler: app.authenticate,
    schema: {
      tags,
      summary: 'The customer’s stakes: active first, with accrued and paid rewards, next payout and maturity',
      querystring: stakeListQuerySchema,
      response: { 200: stakeListResponseSchema },
    },
    handler: async (request) => ({ data: await service.list(currentUser(request).userId, request.query) }),
  });

  app.route({
    ...routeAddress(stakingCalls.stake),
    preHandler: app.authenticate,
    config: { idempotent: true, recoverIdempotent: service.recover, ...limitPerCustomer(60) },
    schema: {
      tags,
      summary: 'Stake an amount on a plan: it moves from the available balance to staking',
      body: stakeBodySchema,
      response: { 201: stakeResponseSchema },
    },
    handler: async (request, reply) => {
      const { userId } = currentUser(request);
      const stake = await service.stake({ userId, body: request.body, claimId: request.idempotencyClaim });
      return reply.code(201).send({ data: stake });
    },
  });

  app.route({
    ...routeAddress(stakingCalls.unstake),
    preHandler: app.authenticate,
    // It moves money back: a retry with the same key gets the first answer (DESIGN §4).
    config: { idempotent: true, recoverIdempotent: service.recoverUnstake, ...limitPerCustomer(30) },
    schema: {
      tags,
      summary: 'End a stake: flexible at any time; locked early forfeits its accrued rewards',
      params: z.object({ id: z.string().max(100) }),
      response: { 200: stakeResponseSchema },
    },
    handler: async (request) => ({
      data: await service.unstake({
        userId: currentUser(request).userId,
        id: request.params.id,
        claimId: request.idempotencyClaim,
      }),
    }),
  });
};

/**
 * Development only (config.devRoutes): POST /dev/staking/days-pass { until } on the sandbox clock.
 * Absolute, so a retry (the answer lost on the way) does not let the days pass twice.
 */
export const stakingDevRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { config, services }) => {
  if (!config.devRoutes) return;
  const { sandboxClock } = services.staking;
  app.post(
    '/dev/staking/days-pass',
    {
      schema: {
        tags: ['dev'],
        summary:
          'Development only: let days pass on the staking clock until a date, then accrue and pay out what is due',
        body: stakingDaysPassBodySchema,
        response: { 200: stakingDaysPassResponseSchema },
      },
    },
    async (request) => ({ data: await sandboxClock.passUntil(request.body.until) }),
  );
};
