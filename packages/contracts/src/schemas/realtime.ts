// The WebSocket at /api/v1/ws. Browsers cannot set headers on a WebSocket, so the token travels as
// the subprotocol pair `['bearer', token]` (the server answers with `bearer`); other clients may
// send `Authorization: Bearer <token>` instead. Every server message is `{ channel, type, data }`.
import { z as zod } from 'zod';

export const WS_PATH = '/api/v1/ws';
export const WS_BEARER_PROTOCOL = 'bearer';
/** Close code for a missing, invalid, expired or revoked token; the reason is the error code. */
export const WS_CLOSE_UNAUTHORIZED = 4401;
/** Close code for a customer who already has the most open sockets a process keeps for one customer. */
export const WS_CLOSE_TOO_MANY_CONNECTIONS = 4429;

export const realtimeMessageSchema = zod.object({
  /** `system`, `notifications`; later issues add `wallets`, `orders`, `markets`. */
  channel: zod.string(),
  type: zod.string(),
  data: zod.unknown(),
});
export type RealtimeMessage = zod.infer<typeof realtimeMessageSchema>;

/** System messages (`ready`, `pong`, `error`, ...) are in realtime-events.ts, with every other event. */

/** What a client may send: an application-level ping, and (un)subscribing to public topics. */
export const clientMessageSchema = zod.discriminatedUnion('op', [
  zod.strictObject({ op: zod.literal('ping') }),
  zod.strictObject({ op: zod.literal('subscribe'), topic: zod.string().min(1).max(100) }),
  zod.strictObject({ op: zod.literal('unsubscribe'), topic: zod.string().min(1).max(100) }),
]);
export type ClientMessage = zod.infer<typeof clientMessageSchema>;
