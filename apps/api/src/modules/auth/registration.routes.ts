// Registration routes of spec §7 "Auth": e-mail code, phone code, then the account. Shapes and
// codes: packages/contracts/src/auth.ts; the flow: docs/adr/0010-registration-landing.md.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authCalls,
  authResponseSchema,
  codeSentResponseSchema,
  codeVerifiedResponseSchema,
  passwordCheckBodySchema,
  passwordCheckResponseSchema,
  registerBodySchema,
  sendEmailCodeBodySchema,
  sendPhoneCodeBodySchema,
  verifyEmailBodySchema,
  verifyPhoneBodySchema,
} from '@rora/contracts';
import {
  accountRouteValidator,
  clientContext,
  rateLimits,
  routeAddress,
  type RegistrationService,
} from '../accounts/index.ts';
import type { ModuleOptions } from '../index.ts';

const tags = ['auth'];
const verified = { data: { verified: true as const } };
const sendEmailCode = {
  tags,
  summary: 'Send a 6-digit code to an e-mail address (the same answer whether or not it has an account)',
  body: sendEmailCodeBodySchema,
  response: { 200: codeSentResponseSchema },
};

/** POST /auth/password/check: the new password against the rules, before any code is sent. */
function passwordCheckRoute(app: Parameters<FastifyPluginAsyncZod>[0], registration: RegistrationService): void {
  app.route({
    ...routeAddress(authCalls.checkPassword),
    schema: {
      tags,
      summary: 'Check a new password against the rules (length, variety, the most common passwords)',
      body: passwordCheckBodySchema,
      response: { 200: passwordCheckResponseSchema },
    },
    config: { rateLimit: rateLimits.codeCheck },
    handler: async (request) => {
      registration.checkPassword(request.body.password);
      return { data: { acceptable: true as const } };
    },
  });
}

export const registrationRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  app.setValidatorCompiler(accountRouteValidator);
  const { registration } = services.accounts;

  app.route({
    ...routeAddress(authCalls.sendEmailCode),
    schema: sendEmailCode,
    config: { rateLimit: rateLimits.codeSend },
    handler: async (request) => ({
      data: await registration.sendEmailCode({ email: request.body.email, ...clientContext(request) }),
    }),
  });

  passwordCheckRoute(app, registration);

  app.route({
    ...routeAddress(authCalls.verifyEmail),
    schema: {
      tags,
      summary: 'Check the e-mail code',
      body: verifyEmailBodySchema,
      response: { 200: codeVerifiedResponseSchema },
    },
    config: { rateLimit: rateLimits.codeCheck },
    handler: async (request) => {
      await registration.verifyEmail(request.body);
      return verified;
    },
  });

  app.route({
    ...routeAddress(authCalls.sendPhoneCode),
    schema: {
      tags,
      summary: 'Send a 6-digit code by SMS',
      body: sendPhoneCodeBodySchema,
      response: { 200: codeSentResponseSchema },
    },
    config: { rateLimit: rateLimits.codeSend },
    handler: async (request) => ({
      data: await registration.sendPhoneCode({ phone: request.body.phone, ...clientContext(request) }),
    }),
  });

  app.route({
    ...routeAddress(authCalls.verifyPhone),
    schema: {
      tags,
      summary: 'Check the SMS code',
      body: verifyPhoneBodySchema,
      response: { 200: codeVerifiedResponseSchema },
    },
    config: { rateLimit: rateLimits.codeCheck },
    handler: async (request) => {
      await registration.verifyPhone(request.body);
      return verified;
    },
  });

  app.route({
    ...routeAddress(authCalls.register),
    schema: {
      tags,
      summary: 'Create the account and sign in',
      body: registerBodySchema,
      response: { 201: authResponseSchema },
    },
    config: { rateLimit: rateLimits.codeCheck },
    handler: async (request, reply) => {
      const result = await registration.register({ ...request.body, ...clientContext(request) });
      return reply.code(201).send({ data: result });
    },
  });
};
