// GET /api/v1/ws: the customer's live stream. The token comes from the subprotocol pair
// ['bearer', token] (browsers) or the Authorization header (other clients). A missing or bad token
// still completes the handshake and is then closed with 4401 and the error code as reason, so a
// browser can tell "sign in again" from a network failure (which it cannot when the upgrade is refused).
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { WS_BEARER_PROTOCOL, WS_CLOSE_UNAUTHORIZED } from '@rora/contracts';
import { AppError } from '../../lib/errors.ts';
import { bearerToken } from '../../plugins/auth.ts';
import type { SessionIdentity } from '../sessions/index.ts';
import type { ModuleOptions } from '../index.ts';

type SocketAuth = { ok: true; identity: SessionIdentity; token: string } | { ok: false; code: string };

export function socketToken(request: FastifyRequest): string | undefined {
  const offered = (request.headers['sec-websocket-protocol'] ?? '').split(',').map((item) => item.trim());
  if (offered[0] === WS_BEARER_PROTOCOL && offered[1]) return offered[1];
  return bearerToken(request.headers.authorization);
}

async function authenticateSocket(app: FastifyInstance, request: FastifyRequest): Promise<SocketAuth> {
  const token = socketToken(request);
  if (!token) return { ok: false, code: 'authentication_required' };
  let identity: SessionIdentity | 'expired' | null;
  try {
    identity = await app.identify(request, token);
  } catch (error) {
    if (error instanceof AppError && error.code === 'too_many_requests') return { ok: false, code: error.code };
    throw error;
  }
  if (identity === null) return { ok: false, code: 'authentication_required' };
  if (identity === 'expired') return { ok: false, code: 'session_expired' };
  return { ok: true, identity, token };
}

export const realtimeRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { services }) => {
  const outcomes = new WeakMap<FastifyRequest, SocketAuth>();
  app.route({
    method: 'GET',
    url: '/ws',
    schema: { hide: true },
    // Runs before the upgrade, so no client message can arrive before the socket is subscribed.
    preValidation: async (request) => {
      if (request.ws) outcomes.set(request, await authenticateSocket(app, request));
    },
    handler: async () => {
      throw new AppError('websocket_upgrade_required');
    },
    wsHandler: (socket, request) => {
      const outcome = outcomes.get(request) ?? { ok: false, code: 'authentication_required' };
      if (!outcome.ok) return socket.close(WS_CLOSE_UNAUTHORIZED, outcome.code);
      services.realtime.connect(socket, {
        userId: outcome.identity.userId,
        token: outcome.token,
        log: request.log,
        transport: request.raw.socket,
      });
    },
  });
};
