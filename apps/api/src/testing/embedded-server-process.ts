// The real server (startServer) on the embedded PostgreSQL of RORA_DATA_DIR, with its worker and
// market maker as `npm start` runs them, for the tests that kill it or its database: prints
// `READY <url> <database url>` once listening.
import { RESTART_BACKOFF } from '@rora/db';
import { loadConfig } from '../config.ts';
import { startServer } from '../server.ts';

const { DATABASE_URL: _external, ...env } = process.env;
const config = loadConfig({
  ...env,
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  PORT: '0',
  RUN_WORKER: 'true',
  MARKET_MAKER: 'on',
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: '/nonexistent-web-dist',
});
// Its lines (a death of its PostgreSQL, a start again) go out, for the tests to read.
// A dead PostgreSQL waits 5 s for its first start again (1 s in `npm start`): long enough for a test
// to look at the outage however busy the machine, where a race with the 1 s start was lost.
const restartBackoff = { ...RESTART_BACKOFF, firstMs: 5_000 };
const server = await startServer({
  config,
  log: (line) => void process.stdout.write(`${line}\n`),
  restartBackoff,
});
const databaseUrl = server.database.pool.options.connectionString;
process.stdout.write(`READY ${server.url.replace('localhost', '127.0.0.1')} ${databaseUrl}\n`);
// One stop on SIGINT or SIGTERM, however many, as `npm start` (main.ts).
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void server.stop().finally(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
