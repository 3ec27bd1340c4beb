// Bearer-token authentication. Routes opt in with `preHandler: app.authenticate`; the handler then
// reads `request.identity` ({ userId, sessionId }). A missing token is 401 authentication_required;
// an expired or revoked one is 401 session_expired (the web app then remembers the path and goes to /).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';
import type { SessionIdentity, SessionService } from '../modules/sessions/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    authenticate(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    identity: SessionIdentity | null;
  }
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

async function authPlugin(app: FastifyInstance, options: { sessions: SessionService }) {
  app.decorateRequest('identity', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new AppError('authentication_required');
    const identity = await options.sessions.authenticate(token);
    if (identity === null) throw new AppError('authentication_required');
    if (identity === 'expired') throw new AppError('session_expired');
    request.identity = identity;
  });
}

export default fp(authPlugin, { name: 'auth' });

/** The signed-in customer of a route that used `app.authenticate`. */
export function currentUser(request: FastifyRequest): SessionIdentity {
  if (!request.identity) throw new AppError('authentication_required');
  return request.identity;
}
