// Routes of spec §7 "User" for the profile, preferences, notification switches and sign-in
// sessions. Every `{id}` route answers 404 unless the id is the caller's own.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  preferencesBodySchema,
  sessionIdParamsSchema,
  sessionListResponseSchema,
  statusBodySchema,
  successResponseSchema,
  userCalls,
  userIdParamsSchema,
  userResponseSchema,
  type AccountCall,
} from '@rora/contracts';
import { currentUser } from '../../plugins/auth.ts';
import { accountRouteValidator, routeAddress, type NotificationSwitch } from '../accounts/index.ts';
import type { ModuleOptions } from '../index.ts';
import { ownUserId } from '../../plugins/own-user.ts';

const tags = ['user'];

const switches: Array<[AccountCall, NotificationSwitch, string]> = [
  [userCalls.aiNotifications, 'aiNotifications', 'Turn AI price notifications on or off'],
  [userCalls.administrativeEmails, 'administrativeEmails', 'Turn administrative e-mails on or off'],
  [userCalls.newsletter, 'newsletterEmails', 'Turn newsletter e-mails on or off'],
];

export const userRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  app.setValidatorCompiler(accountRouteValidator);
  const { users } = services.accounts;

  app.route({
    ...routeAddress(userCalls.sessions),
    schema: {
      tags,
      summary: 'Active sign-in sessions, most recently used first',
      response: { 200: sessionListResponseSchema },
    },
    preHandler: app.authenticate,
    handler: async (request) => ({ data: { items: await users.listSessions(currentUser(request)) } }),
  });

  app.route({
    ...routeAddress(userCalls.revokeSession),
    schema: {
      tags,
      summary: 'Sign a session out',
      params: sessionIdParamsSchema,
      response: { 200: successResponseSchema },
    },
    preHandler: app.authenticate,
    handler: async (request) => {
      await users.revokeSession(currentUser(request), request.params.sessionId);
      return { data: { success: true as const } };
    },
  });

  app.route({
    ...routeAddress(userCalls.profile),
    schema: {
      tags,
      summary: 'The signed-in customer',
      params: userIdParamsSchema,
      response: { 200: userResponseSchema },
    },
    preHandler: app.authenticate,
    handler: async (request) => ({ data: await users.profile(ownUserId(request)) }),
  });

  app.route({
    ...routeAddress(userCalls.updatePreferences),
    schema: {
      tags,
      summary: 'Set the language and/or theme',
      params: userIdParamsSchema,
      body: preferencesBodySchema,
      response: { 200: userResponseSchema },
    },
    preHandler: app.authenticate,
    handler: async (request) => ({ data: await users.updatePreferences(ownUserId(request), request.body) }),
  });

  for (const [call, which, summary] of switches) {
    app.route({
      ...routeAddress(call),
      schema: {
        tags,
        summary,
        params: userIdParamsSchema,
        body: statusBodySchema,
        response: { 200: userResponseSchema },
      },
      preHandler: app.authenticate,
      handler: async (request) => ({
        data: await users.setNotification(ownUserId(request), which, request.body.status),
      }),
    });
  }
};
