// The realtime context: the EventBus (in-process, or across processes over PostgreSQL or NATS) and the hub
// that forwards a bus's topics to WebSocket clients.
export { createInProcessEventBus, topics, type EventBus, type EventListener, type RealtimeEvent } from './event-bus.ts';
export { EVENTS_CHANNEL, createPostgresEventBus, type PostgresEventBusOptions } from './postgres-event-bus.ts';
export { DEFAULT_NATS_URL, createNatsEventBus, type NatsEventBusOptions } from './nats-event-bus.ts';
export { purgeEventPayloads } from './purge-event-payloads.ts';
export { createRealtimeHub, type RealtimeConnection, type RealtimeHub } from './realtime-hub.ts';
