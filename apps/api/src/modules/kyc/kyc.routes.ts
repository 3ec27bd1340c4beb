// Routes of spec §7 "User" for identity verification: where the customer stands, the identity form
// and sending for review (the documents are in kyc-documents.routes.ts). Every `{id}` is the
// caller's own id or the answer is 404, exactly as for an id that does not exist.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  kycCalls,
  kycIdentitySchema,
  kycStateResponseSchema,
  updateKycStatusBodySchema,
  userIdParamsSchema,
} from '@rora/contracts';
import { currentUser } from '../../plugins/auth.ts';
import { limitPerCustomer } from '../../plugins/rate-limit.ts';
import { accountRouteValidator, routeAddress } from '../accounts/index.ts';
import type { ModuleOptions } from '../index.ts';
import { ownUserId } from '../../plugins/own-user.ts';

const tags = ['kyc'];

export const kycRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  app.setValidatorCompiler(accountRouteValidator);
  const kyc = services.kyc.service;

  app.route({
    ...routeAddress(kycCalls.getKyc),
    schema: {
      tags,
      summary: 'Where the customer stands in identity verification',
      params: userIdParamsSchema,
      response: { 200: kycStateResponseSchema },
    },
    preHandler: app.authenticate,
    handler: async (request) => ({ data: await kyc.getState(ownUserId(request)) }),
  });

  app.route({
    ...routeAddress(kycCalls.verifyUserIdentity),
    config: limitPerCustomer(30),
    schema: {
      tags,
      summary: 'Save the identity details (spec §3, §5)',
      params: userIdParamsSchema,
      body: kycIdentitySchema,
      response: { 200: kycStateResponseSchema },
    },
    preHandler: app.authenticate,
    handler: async (request) => ({
      data: await kyc.saveIdentity({ userId: ownUserId(request), identity: request.body, log: request.log }),
    }),
  });

  app.route({
    ...routeAddress(kycCalls.updateKycStatus),
    config: limitPerCustomer(10),
    schema: {
      tags,
      summary: 'Send the identity details and documents for review',
      body: updateKycStatusBodySchema,
      response: { 200: kycStateResponseSchema },
    },
    preHandler: app.authenticate,
    handler: async (request) => ({ data: await kyc.submit({ userId: currentUser(request).userId, log: request.log }) }),
  });
};
