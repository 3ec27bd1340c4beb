// Bearer-token authentication. Routes opt in with `preHandler: app.authenticate` (run from onRequest,
// before the body is read); the handler then
// reads `request.identity` ({ userId, sessionId }). A missing token is 401 authentication_required;
// an expired or revoked one is 401 session_expired (the web app then remembers the path and goes to /).
// Tokens that sign nobody in are braked per client address (sign-in-brake.ts); `identify` is the
// same reading with the same brake, for the WebSocket's handshake.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';
import type { SessionIdentity, SessionService } from '../modules/sessions/index.ts';
import { createSignInBrake } from './sign-in-brake.ts';

declare module 'fastify' {
  interface FastifyInstance {
    authenticate(request: FastifyRequest): Promise<void>;
    /** The token's session, braked as `authenticate` is: null when it signs nobody in. */
    identify(request: FastifyRequest, token: string): Promise<SessionIdentity | 'expired' | null>;
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
  const brake = createSignInBrake(app);
  app.decorate('identify', async (request: FastifyRequest, token: string) => {
    brake.check(request);
    const identity = await options.sessions.authenticate(token);
    if (identity === null) await brake.failed(request);
    return identity;
  });
  app.decorate('authenticate', async (request: FastifyRequest) => {
    if (request.identity) return;
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new AppError('authentication_required');
    const identity = await app.identify(request, token);
    if (identity === null) throw new AppError('authentication_required');
    if (identity === 'expired') throw new AppError('session_expired');
    request.identity = identity;
  });
  // A route's authentication runs as its request arrives too, before its body is read, parsed and
  // validated: an anonymous request used to have a 1 MB body parsed and checked (and learnt which
  // rule it broke) before its 401. The route's preHandler then finds the identity already set.
  app.addHook('onRoute', (route: RouteOptions) => {
    const preHandlers = Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
    if (!preHandlers.includes(app.authenticate as never)) return;
    const onRequest = route.onRequest === undefined ? [] : [route.onRequest].flat();
    route.onRequest = [...onRequest, app.authenticate as never];
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['rate-limit'] });

/** The signed-in customer of a route that used `app.authenticate`. */
export function currentUser(request: FastifyRequest): SessionIdentity {
  if (!request.identity) throw new AppError('authentication_required');
  return request.identity;
}
