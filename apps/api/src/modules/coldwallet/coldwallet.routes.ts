// Routes of spec §7 "Cold wallet": the holdings with their total, one holding with its moves, and
// POST /coldwallet for both directions (an Idempotency-Key, the PIN or authenticator code).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  coldWalletDetailResponseSchema,
  coldWalletListResponseSchema,
  coldWalletMoveBodySchema,
  coldWalletMoveResponseSchema,
  walletCalls,
  walletIdParamsSchema,
  walletTransactionsQuerySchema,
} from '@rora/contracts';
import { currentUser } from '../../plugins/auth.ts';
import { accountRouteValidator, routeAddress } from '../accounts/index.ts';
import type { ModuleOptions } from '../index.ts';
import { walletRateLimits } from '../wallets/index.ts';

const tags = ['cold wallet'];

export const coldWalletRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  app.setValidatorCompiler(accountRouteValidator);
  const { coldWallet } = services;

  app.route({
    ...routeAddress(walletCalls.listColdWallets),
    schema: {
      tags,
      summary: 'Cold holdings per asset and their total in US dollars',
      response: { 200: coldWalletListResponseSchema },
    },
    preHandler: app.authenticate,
    handler: async (request) => ({ data: await coldWallet.list(currentUser(request).userId) }),
  });

  app.route({
    ...routeAddress(walletCalls.coldWallet),
    schema: {
      tags,
      summary: 'One cold holding and its moves, newest first',
      params: walletIdParamsSchema,
      querystring: walletTransactionsQuerySchema,
      response: { 200: coldWalletDetailResponseSchema },
    },
    preHandler: app.authenticate,
    handler: async (request) => ({
      data: await coldWallet.get(currentUser(request).userId, request.params.id, request.query),
    }),
  });

  app.route({
    ...routeAddress(walletCalls.moveColdWallet),
    config: { idempotent: true, recoverIdempotent: coldWallet.recover, rateLimit: walletRateLimits.send },
    schema: {
      tags,
      summary: 'Move funds into cold holdings (create) or back to the wallet (withdraw)',
      body: coldWalletMoveBodySchema,
      response: { 200: coldWalletMoveResponseSchema },
    },
    preHandler: app.authenticate,
    handler: async (request) => ({
      data: await coldWallet.move(currentUser(request).userId, request.body, request.idempotencyClaim),
    }),
  });
};
