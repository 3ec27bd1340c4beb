// Small pieces the accounts routes share: where a contract call is served, and who is calling.
import type { FastifyRequest } from 'fastify';
import type { AccountCall } from '@rora/contracts';
import type { ClientContext } from './sign-in.service.ts';

/** Turns a contract call (`PUT /user/{id}`) into a Fastify route address (`PUT /user/:id`). */
export const routeAddress = (call: AccountCall) => ({
  method: call.method,
  url: call.path.replace(/\{(\w+)\}/g, ':$1'),
});

/** The client address (TRUST_PROXY-aware) and user agent, recorded on the session a request opens. */
export const clientContext = (request: FastifyRequest): ClientContext => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});
