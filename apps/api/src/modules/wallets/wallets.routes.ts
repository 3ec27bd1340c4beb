// Routes of spec §7 "Wallets". Thin: the customer, one service call, the envelope. Sends take an
// Idempotency-Key (a retry gets the stored answer) and are rate limited per customer.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  estimateFeeBodySchema,
  feeEstimateResponseSchema,
  sendTransactionBodySchema,
  sendTransactionResponseSchema,
  walletCalls,
  walletFavouriteBodySchema,
  walletHistoryResponseSchema,
  walletIdParamsSchema,
  walletListResponseSchema,
  walletResponseSchema,
  walletTransactionsQuerySchema,
  walletTransactionsResponseSchema,
} from '@rora/contracts';
import { currentUser } from '../../plugins/auth.ts';
import { accountRouteValidator, routeAddress } from '../accounts/index.ts';
import type { ModuleOptions } from '../index.ts';
import { walletRateLimits } from './rate-limits.ts';

const tags = ['wallets'];

const user = (request: Parameters<typeof currentUser>[0]) => currentUser(request).userId;

/** The wallets, their favourite flag and their transactions. */
const readRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  const { service } = services.wallets;

  app.route({
    ...routeAddress(walletCalls.listWallets),
    schema: {
      tags,
      summary: 'The wallets, their balances and the total in US dollars',
      response: { 200: walletListResponseSchema },
    },
    preHandler: app.authenticate,
    handler: async (request) => ({ data: await service.list(user(request)) }),
  });

  app.route({
    ...routeAddress(walletCalls.generateWallets),
    config: { rateLimit: walletRateLimits.generate },
    schema: {
      tags,
      summary: 'Create the missing wallets (one deposit address per network)',
      response: { 200: walletListResponseSchema },
    },
    preHandler: app.authenticate,
    handler: async (request) => ({ data: await service.generate(user(request)) }),
  });

  app.route({
    ...routeAddress(walletCalls.toggleFavourite),
    schema: {
      tags,
      summary: 'Mark a wallet as a favourite, or not (toggles without `favourite`)',
      body: walletFavouriteBodySchema,
      response: { 200: walletResponseSchema },
    },
    preHandler: app.authenticate,
    handler: async (request) => ({
      data: await service.setFavourite(user(request), request.body.id, request.body.favourite),
    }),
  });

  app.route({
    ...routeAddress(walletCalls.walletHistory),
    schema: {
      tags,
      summary: 'Transactions of every wallet, newest first',
      querystring: walletTransactionsQuerySchema,
      response: { 200: walletHistoryResponseSchema },
    },
    preHandler: app.authenticate,
    handler: async (request) => ({ data: await service.history(user(request), request.query) }),
  });

  app.route({
    ...routeAddress(walletCalls.walletTransactions),
    schema: {
      tags,
      summary: 'A wallet and its transactions, newest first',
      params: walletIdParamsSchema,
      querystring: walletTransactionsQuerySchema,
      response: { 200: walletTransactionsResponseSchema },
    },
    preHandler: app.authenticate,
    handler: async (request) => ({
      data: await service.transactions(user(request), request.params.id, request.query),
    }),
  });
};

/** What moves money: the fee estimate (and address check) and the send. */
const sendRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  const { sends } = services.wallets;

  app.route({
    ...routeAddress(walletCalls.estimateFee),
    config: { rateLimit: walletRateLimits.estimate },
    schema: {
      tags,
      summary: 'The fee of a send, the most that can be sent, and a check of the address',
      body: estimateFeeBodySchema,
      response: { 200: feeEstimateResponseSchema },
    },
    preHandler: app.authenticate,
    handler: async (request) => ({ data: await sends.estimate(user(request), request.body) }),
  });

  app.route({
    ...routeAddress(walletCalls.sendTransaction),
    config: { idempotent: true, recoverIdempotent: sends.recover, rateLimit: walletRateLimits.send },
    schema: {
      tags,
      summary: 'Send from a wallet with the PIN (or the authenticator code when withdrawal 2FA is on)',
      body: sendTransactionBodySchema,
      response: { 200: sendTransactionResponseSchema },
    },
    preHandler: app.authenticate,
    handler: async (request) => ({ data: await sends.send(user(request), request.body, request.idempotencyClaim) }),
  });
};

export const walletRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, options) => {
  const { services } = options;
  app.setValidatorCompiler(accountRouteValidator);
  app.addHook('onReady', async () => {
    // The chains' memory does not outlive the process: watch every stored address again.
    await services.wallets.addresses.watchAll();
  });
  app.addHook('onClose', async () => {
    services.wallets.addresses.stop();
    // The timer stops now; a pass under way may wait on a journal batch that cannot be written (the
    // database gone), which only the chains' close gives up: close them first, then await the pass.
    const heldPass = services.wallets.heldSends.stop();
    await services.chains.close();
    await heldPass;
    services.chainWatcher.close();
    services.depositScanner.stop();
  });
  await app.register(readRoutes, options);
  await app.register(sendRoutes, options);
};
