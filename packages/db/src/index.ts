export {
  CONNECTION_WAIT_MS,
  connectDatabase,
  type ConnectOptions,
  POOL_SIZE,
  type Database,
  type Db,
  type Tx,
  type Schema,
} from './client.ts';
export { isCancelledStatement, isConnectionError, isDatabaseTimeout } from './connection-errors.ts';
export { isQueryDeadline, QUERY_DEADLINE_MS, queryDeadlineError, withoutQueryDeadline } from './query-deadline.ts';
export { errorLogSerializer, redact, stackFrames } from './log-errors.ts';
export {
  ambiguousLinkMessage,
  ambiguousLinkUrl,
  DATABASE_LINK_ADVICE,
  databaseLinkProblem,
  judgeLink,
  type LinkEnvironment,
  type LinkReading,
  type LinkRefusal,
  readDatabaseLink,
} from './database-link.ts';
export { certificateChecksProblem } from './certificate-checks.ts';
export { isLoopbackHost } from './loopback.ts';
export { isPrivateHost } from './private-host.ts';
export { migrate, listMigrations } from './migrate.ts';
export { startEmbeddedPostgres, freePort, EMBEDDED_PASSWORD, type EmbeddedDatabase } from './embedded.ts';
export { isAlive as isProcessAlive, readLockFile, readLockFileSync } from './embedded-orphan.ts';
export { RESTART_BACKOFF, type RestartBackoff } from './embedded-restart.ts';
export * as schema from './schema/index.ts';
