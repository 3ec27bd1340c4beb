// WebSocket support for the realtime module. A browser sends the bearer token as the subprotocol
// pair ['bearer', token]; the server must then answer with the `bearer` subprotocol or the browser
// drops the connection, so `bearer` is accepted whenever it is offered.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import { WS_BEARER_PROTOCOL } from '@rora/contracts';

/** Client messages are small commands; anything larger closes the socket (1009). */
const MAX_CLIENT_MESSAGE_BYTES = 16 * 1024;

async function websocketPlugin(app: FastifyInstance) {
  await app.register(websocket, {
    options: {
      maxPayload: MAX_CLIENT_MESSAGE_BYTES,
      handleProtocols: (protocols) => (protocols.has(WS_BEARER_PROTOCOL) ? WS_BEARER_PROTOCOL : false),
    },
  });
}

export default fp(websocketPlugin, { name: 'websocket' });
