// The WebSocket at /api/v1/ws. Browsers cannot set headers on a WebSocket, so the token travels as
// the subprotocol pair `['bearer', token]` (the server answers with `bearer`); other clients may
// send `Authorization: Bearer <token>` instead. Every server message is `{ channel, type, data }`.
import { z } from 'zod';

export const WS_PATH = '/api/v1/ws';
export const WS_BEARER_PROTOCOL = 'bearer';
/** Close code for a missing, invalid, expired or revoked token; the reason is the error code. */
export const WS_CLOSE_UNAUTHORIZED = 4401;

export const realtimeMessageSchema = z.object({
  /** `system`, `notifications`; later issues add `wallets`, `orders`, `markets`. */
  channel: z.string(),
  type: z.string(),
  data: z.unknown(),
});
export type RealtimeMessage = z.infer<typeof realtimeMessageSchema>;

/** System messages: `ready` once subscribed, `pong` to a ping, `error` for a bad client message. */
export const systemReadySchema = z.object({
  channel: z.literal('system'),
  type: z.literal('ready'),
  data: z.object({ userId: z.uuid() }),
});
export const systemErrorSchema = z.object({
  channel: z.literal('system'),
  type: z.literal('error'),
  data: z.object({ code: z.string(), message: z.string() }),
});

/** What a client may send: an application-level ping, and (un)subscribing to public topics. */
export const clientMessageSchema = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('ping') }),
  z.strictObject({ op: z.literal('subscribe'), topic: z.string().min(1).max(100) }),
  z.strictObject({ op: z.literal('unsubscribe'), topic: z.string().min(1).max(100) }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;
