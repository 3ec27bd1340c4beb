// Every message the server sends on the WebSocket, as one discriminated union (issue 19): the
// channel first, then the type. A client parses each message with `realtimeEventSchema` and gets
// its exact data type, or a failure for a message it cannot read (never a cast). The per-channel
// schemas live beside their calls; this file only gathers them.
import { z as zod } from 'zod';
import { loanSchema } from './lending.ts';
import {
  candlesEventSchema,
  depthEventSchema,
  marketSnapshotEventSchema,
  tickerEventSchema,
  tickersEventSchema,
  tickersSnapshotEventSchema,
  tradesEventSchema,
} from './market-topics.ts';
import { alertSchema, orderSchema } from './markets.ts';
import { onrampPurchaseSchema } from './onramp.ts';
import { notificationEventSchema } from './schemas/notifications.ts';
import { stakeSchema } from './staking.ts';
import { swapSchema } from './swap.ts';
import { walletTransactionSchema } from './wallets/wallet.ts';

const event = <Channel extends string, Type extends string, Data extends zod.ZodType>(
  channel: Channel,
  type: Type,
  data: Data,
) => zod.object({ channel: zod.literal(channel), type: zod.literal(type), data });

/**
 * System messages: `ready` once subscribed, `pong` to a ping, `error` for a bad client message,
 * `subscribed` and `unsubscribed` to a topic request. (Kept here, not beside the socket's constants
 * in schemas/realtime.ts: a client that reads only those constants then carries no schema.)
 */
export const systemReadySchema = event('system', 'ready', zod.object({ userId: zod.uuid() }));
export const systemErrorSchema = event('system', 'error', zod.object({ code: zod.string(), message: zod.string() }));
const topicData = zod.object({ topic: zod.string() });
export const systemEventSchema = zod.discriminatedUnion('type', [
  systemReadySchema,
  systemErrorSchema,
  event('system', 'pong', zod.null()),
  event('system', 'subscribed', topicData),
  event('system', 'unsubscribed', topicData),
]);

const walletData = zod.object({ walletId: zod.uuid(), transaction: walletTransactionSchema.nullable() });
export const walletsEventSchema = zod.discriminatedUnion('type', [
  event('wallets', 'transaction', walletData),
  event('wallets', 'cold', walletData),
]);

/**
 * The `markets` channel. The market topic's snapshot and the all-pairs topic's snapshot share the
 * type `snapshot`: a union of the two (the market one carries a symbol).
 */
export const marketsEventSchema = zod.union([
  marketSnapshotEventSchema,
  depthEventSchema,
  tradesEventSchema,
  tickerEventSchema,
  candlesEventSchema,
  tickersSnapshotEventSchema,
  tickersEventSchema,
]);

/** Each channel's events, discriminated by `type` (a union for `markets`: its two snapshots share the type). */
export const realtimeChannelSchemas = {
  system: systemEventSchema,
  notifications: notificationEventSchema,
  wallets: walletsEventSchema,
  orders: event('orders', 'updated', orderSchema),
  staking: zod.discriminatedUnion('type', [
    event('staking', 'updated', stakeSchema),
    event('staking', 'accrued', zod.null()),
  ]),
  loans: event('loans', 'updated', loanSchema),
  alerts: event('alerts', 'triggered', alertSchema),
  swaps: event('swaps', 'updated', swapSchema),
  onramp: event('onramp', 'updated', onrampPurchaseSchema),
  markets: marketsEventSchema,
} as const;

export const realtimeEventSchema = zod.union(Object.values(realtimeChannelSchemas) as ChannelSchemas);
type ChannelSchemas = [
  (typeof realtimeChannelSchemas)[keyof typeof realtimeChannelSchemas],
  ...(typeof realtimeChannelSchemas)[keyof typeof realtimeChannelSchemas][],
];

/**
 * Reads one message: its channel picks the schema, so a market's depth is never tried as a loan.
 * Null for anything that is not an event of the contract.
 */
export function parseRealtimeEvent(value: unknown): RealtimeEvent | null {
  const channel = (value as { channel?: unknown } | null)?.channel;
  if (typeof channel !== 'string' || !Object.hasOwn(realtimeChannelSchemas, channel)) return null;
  const result = realtimeChannelSchemas[channel as keyof typeof realtimeChannelSchemas].safeParse(value);
  return result.success ? result.data : null;
}
export type RealtimeEvent = zod.infer<typeof realtimeEventSchema>;
export type RealtimeChannel = RealtimeEvent['channel'];
/** The event of one channel (and type): `EventOf<'notifications', 'created'>`. */
export type EventOf<Channel extends RealtimeChannel, Type extends string = string> = Extract<
  RealtimeEvent,
  { channel: Channel; type: Type }
>;
export type MarketsEvent = zod.infer<typeof marketsEventSchema>;
