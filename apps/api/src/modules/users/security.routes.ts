// Routes of spec §7 "User" for account security: authenticator 2FA and withdrawal 2FA switches and
// the password change. The PIN routes are in pin.routes.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  passwordUpdateBodySchema,
  successResponseSchema,
  twoFactorSwitchBodySchema,
  twoFactorSwitchResponseSchema,
  userCalls,
  userIdParamsSchema,
  userResponseSchema,
  withdrawalTwoFactorBodySchema,
} from '@rora/contracts';
import { currentUser } from '../../plugins/auth.ts';
import { accountRouteValidator, rateLimits, routeAddress } from '../accounts/index.ts';
import type { ModuleOptions } from '../index.ts';
import { ownUserId } from '../../plugins/own-user.ts';

const tags = ['user'];

export const securityRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  app.setValidatorCompiler(accountRouteValidator);
  const { users, twoFactor, passwords } = services.accounts;
  const config = { rateLimit: rateLimits.secretCheck };

  app.route({
    ...routeAddress(userCalls.twoFactorSwitch),
    schema: {
      tags,
      summary: 'Turn authenticator 2FA on (with a code of the generated key) or off (with a current or recovery code)',
      params: userIdParamsSchema,
      body: twoFactorSwitchBodySchema,
      response: { 200: twoFactorSwitchResponseSchema },
    },
    preHandler: app.authenticate,
    config,
    handler: async (request) => {
      const userId = ownUserId(request);
      const result = await twoFactor.setEnabled(userId, request.body);
      return { data: { user: await users.profile(userId), ...result } };
    },
  });

  app.route({
    ...routeAddress(userCalls.withdrawalTwoFactor),
    schema: {
      tags,
      summary: 'Require the authenticator code on withdrawals, or stop (either way needs a current code)',
      params: userIdParamsSchema,
      body: withdrawalTwoFactorBodySchema,
      response: { 200: userResponseSchema },
    },
    preHandler: app.authenticate,
    config,
    handler: async (request) => {
      const userId = ownUserId(request);
      await twoFactor.setWithdrawal(userId, request.body);
      return { data: await users.profile(userId) };
    },
  });

  app.route({
    ...routeAddress(userCalls.updatePassword),
    schema: {
      tags,
      summary: 'Change the password; every other session is signed out',
      body: passwordUpdateBodySchema,
      response: { 200: successResponseSchema },
    },
    preHandler: app.authenticate,
    config,
    handler: async (request) => {
      await passwords.change(currentUser(request), request.body);
      return { data: { success: true as const } };
    },
  });
};
