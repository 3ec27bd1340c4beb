// The real server in a child process on a given database (DATABASE_URL), for the crash test: it
// prints `READY <url>` once listening, and is killed with SIGKILL mid-stream.
import { loadConfig } from '../../../config.ts';
import { startServer } from '../../../server.ts';

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  PORT: '0',
  DEV_ROUTES: 'true',
  RUN_WORKER: 'false',
  MARKET_MAKER: 'off',
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: '/nonexistent-web-dist',
});
const server = await startServer({ config, log: () => undefined });
process.stdout.write(`READY ${server.url.replace('localhost', '127.0.0.1')}\n`);
process.once('SIGTERM', () => {
  void server.stop().finally(() => process.exit(0));
});
