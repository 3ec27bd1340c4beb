// Password recovery routes of spec §7 "Auth", under the path as the spec spells it:
// /auth/forgot-passord/. Request a code, trade it for a ticket, set the new password.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authCalls,
  codeSentResponseSchema,
  resetPasswordBodySchema,
  resetRequestBodySchema,
  resetTicketResponseSchema,
  resetVerifyBodySchema,
  successResponseSchema,
} from '@rora/contracts';
import { accountRouteValidator, clientContext, rateLimits, routeAddress } from '../accounts/index.ts';
import type { ModuleOptions } from '../index.ts';

const tags = ['auth'];

export const passwordResetRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  app.setValidatorCompiler(accountRouteValidator);
  const { passwords } = services.accounts;

  app.route({
    ...routeAddress(authCalls.resetRequestCode),
    schema: {
      tags,
      summary: 'Send a password-reset code by e-mail or SMS (the same answer for any e-mail)',
      body: resetRequestBodySchema,
      response: { 200: codeSentResponseSchema },
    },
    config: { rateLimit: rateLimits.codeSend },
    handler: async (request) => ({
      data: await passwords.requestResetCode({ ...request.body, ...clientContext(request) }),
    }),
  });

  app.route({
    ...routeAddress(authCalls.resetVerifyCode),
    schema: {
      tags,
      summary: 'Trade the reset code for a reset ticket (15 minutes, single use)',
      body: resetVerifyBodySchema,
      response: { 200: resetTicketResponseSchema },
    },
    config: { rateLimit: rateLimits.codeCheck },
    handler: async (request) => ({ data: await passwords.verifyResetCode(request.body) }),
  });

  // The spec's path ends with a slash; the same call also answers without it (hidden from the docs).
  for (const [url, hide] of [
    [authCalls.resetPassword.path, false],
    [authCalls.resetPassword.path.replace(/\/$/, ''), true],
  ] as const) {
    app.route({
      method: 'POST',
      url,
      schema: {
        tags,
        summary: 'Set a new password with a reset ticket; every session is signed out',
        body: resetPasswordBodySchema,
        response: { 200: successResponseSchema },
        hide,
      },
      config: { rateLimit: rateLimits.codeCheck },
      handler: async (request) => {
        await passwords.reset(request.body);
        return { data: { success: true as const } };
      },
    });
  }
};
