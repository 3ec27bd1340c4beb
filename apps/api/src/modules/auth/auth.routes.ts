// Sign-in routes of spec §7 "Auth": login, logout, and authenticator 2FA setup. Shapes and codes:
// packages/contracts/src/auth.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authCalls,
  authResponseSchema,
  loginBodySchema,
  successResponseSchema,
  twoFactorEnabledResponseSchema,
  twoFactorKeyResponseSchema,
  twoFactorVerifyBodySchema,
} from '@rora/contracts';
import { currentUser } from '../../plugins/auth.ts';
import { accountRouteValidator, clientContext, rateLimits, routeAddress } from '../accounts/index.ts';
import type { ModuleOptions } from '../index.ts';

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  app.setValidatorCompiler(accountRouteValidator);
  const { signIn, twoFactor } = services.accounts;

  app.route({
    ...routeAddress(authCalls.login),
    schema: {
      tags,
      summary:
        'Sign in; with 2FA on, send `totp` (or `recoveryCode`) too. After 5 wrong passwords for an address, each try waits (429, Retry-After)',
      body: loginBodySchema,
      response: { 200: authResponseSchema },
    },
    config: { rateLimit: rateLimits.login },
    handler: async (request) => ({ data: await signIn.login({ ...request.body, ...clientContext(request) }) }),
  });

  app.route({
    ...routeAddress(authCalls.logout),
    schema: { tags, summary: 'Sign out: the token stops working', response: { 200: successResponseSchema } },
    preHandler: app.authenticate,
    handler: async (request) => {
      await signIn.logout(currentUser(request));
      return { data: { success: true as const } };
    },
  });

  app.route({
    ...routeAddress(authCalls.generateTwoFactorKey),
    schema: {
      tags,
      summary: 'Start authenticator 2FA: a new key and its otpauth URL',
      response: { 200: twoFactorKeyResponseSchema },
    },
    preHandler: app.authenticate,
    handler: async (request) => ({ data: await twoFactor.generateKey(currentUser(request).userId) }),
  });

  app.route({
    ...routeAddress(authCalls.verifyTwoFactorToken),
    schema: {
      tags,
      summary: 'Confirm the new key with a code: enables 2FA and returns the recovery codes once',
      body: twoFactorVerifyBodySchema,
      response: { 200: twoFactorEnabledResponseSchema },
    },
    preHandler: app.authenticate,
    config: { rateLimit: rateLimits.secretCheck },
    handler: async (request) => {
      const { recoveryCodes } = await twoFactor.confirm(currentUser(request).userId, request.body.token);
      return { data: { twoFactorEnabled: true as const, recoveryCodes } };
    },
  });
};
