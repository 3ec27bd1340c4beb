// PIN routes of spec §7 "User": set, verify (5 wrong entries lock it for 15 minutes), whether one is
// set, and change. The PIN approves sends and withdrawals.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  pinBodySchema,
  pinStatusResponseSchema,
  setPinBodySchema,
  pinUpdateBodySchema,
  pinVerifiedResponseSchema,
  successResponseSchema,
  userCalls,
} from '@rora/contracts';
import { currentUser } from '../../plugins/auth.ts';
import { accountRouteValidator, rateLimits, routeAddress } from '../accounts/index.ts';
import type { ModuleOptions } from '../index.ts';

const tags = ['user'];

export const pinRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  app.setValidatorCompiler(accountRouteValidator);
  const { pin } = services.accounts;
  const config = { rateLimit: rateLimits.secretCheck };

  app.route({
    ...routeAddress(userCalls.setPin),
    schema: {
      tags,
      summary: 'Set the PIN (4 to 6 digits); with 2FA on, a current code too',
      body: setPinBodySchema,
      response: { 200: successResponseSchema },
    },
    preHandler: app.authenticate,
    config,
    handler: async (request) => {
      await pin.set(currentUser(request).userId, request.body.pin, request.body.token);
      return { data: { success: true as const } };
    },
  });

  app.route({
    ...routeAddress(userCalls.verifyPin),
    schema: {
      tags,
      summary: 'Check the PIN (5 wrong entries lock it for 15 minutes)',
      body: pinBodySchema,
      response: { 200: pinVerifiedResponseSchema },
    },
    preHandler: app.authenticate,
    config,
    handler: async (request) => {
      await pin.verify(currentUser(request).userId, request.body.pin);
      return { data: { verified: true as const } };
    },
  });

  app.route({
    ...routeAddress(userCalls.pinStatus),
    schema: {
      tags,
      summary: 'Whether a PIN is set, and until when it is locked',
      response: { 200: pinStatusResponseSchema },
    },
    preHandler: app.authenticate,
    handler: async (request) => {
      const status = await pin.status(currentUser(request).userId);
      return { data: { pinSet: status.pinSet, lockedUntil: status.lockedUntil?.toISOString() ?? null } };
    },
  });

  app.route({
    ...routeAddress(userCalls.updatePin),
    schema: {
      tags,
      summary: 'Change the PIN with the current PIN or the password, and a current code when 2FA is on',
      body: pinUpdateBodySchema,
      response: { 200: successResponseSchema },
    },
    preHandler: app.authenticate,
    config,
    handler: async (request) => {
      await pin.change(currentUser(request).userId, request.body);
      return { data: { success: true as const } };
    },
  });
};
