// Request and response schemas of the calls, one file per bounded context.
export * from './common.ts';
export * from './platform.ts';
export * from './notifications.ts';
export * from './notification-kinds.ts';
export * from './geo.ts';
export * from './dev.ts';
export * from './realtime.ts';
