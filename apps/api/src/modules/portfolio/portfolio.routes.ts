// Routes of spec §7 "Dashboard and assets".
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardResponseSchema, roraAssetsResponseSchema, walletCalls } from '@rora/contracts';
import { currentUser } from '../../plugins/auth.ts';
import { accountRouteValidator, routeAddress } from '../accounts/index.ts';
import type { ModuleOptions } from '../index.ts';

const tags = ['dashboard'];

export const portfolioRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  app.setValidatorCompiler(accountRouteValidator);
  const { portfolio } = services;

  app.route({
    ...routeAddress(walletCalls.dashboard),
    schema: {
      tags,
      summary: 'The portfolio: total in US dollars, balances and values per asset, 24-hour change',
      response: { 200: dashboardResponseSchema },
    },
    preHandler: app.authenticate,
    handler: async (request) => ({ data: await portfolio.dashboard(currentUser(request).userId) }),
  });

  app.route({
    ...routeAddress(walletCalls.roraAssets),
    schema: {
      tags,
      summary: 'The assets Rora lists, with prices and networks',
      response: { 200: roraAssetsResponseSchema },
    },
    preHandler: app.authenticate,
    handler: async () => ({ data: { items: await portfolio.assets() } }),
  });
};
