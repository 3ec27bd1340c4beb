// The server of `npm run bench:orders`, configured as a deployment runs it: logging at info (JSON
// lines to stdout), the job worker and the sandbox market maker running in the process. It prints
// `READY <url>` once listening and stops on SIGTERM. BENCH_LOG_LEVEL, BENCH_WORKER=off and
// BENCH_MARKET_MAKER=off turn parts off to see what each costs.
//
// It adds one route, the benchmark's baseline: POST /api/v1/bench/baseline authenticates the caller
// like every customer route, inserts one row and commits (the table is the benchmark's own).
import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { loadConfig } from '../../apps/api/src/config.ts';
import { currentUser } from '../../apps/api/src/plugins/auth.ts';
import { startServer } from '../../apps/api/src/server.ts';
import { BASELINE_TABLE } from './workload.ts';

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  HOST: '127.0.0.1',
  PORT: '0',
  DEV_ROUTES: 'true',
  RUN_WORKER: process.env.BENCH_WORKER === 'off' ? 'false' : 'true',
  MARKET_MAKER: process.env.BENCH_MARKET_MAKER === 'off' ? 'off' : 'on',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
  WEB_DIST_DIR: '/nonexistent-web-dist',
});

/** The server's own pool, once it has started (routes are registered before that). */
const running: { pool?: pg.Pool } = {};
const baseline: FastifyPluginAsync = async (app) => {
  app.post('/bench/baseline', { preHandler: app.authenticate }, async (request, reply) => {
    const userId = currentUser(request).userId;
    await running.pool!.query(`INSERT INTO ${BASELINE_TABLE} (user_id) VALUES ($1)`, [userId]);
    return reply.code(201).send({ data: { ok: true } });
  });
};

const server = await startServer({ config, log: () => undefined, plugins: [baseline] });
running.pool = server.database.pool;
process.stdout.write(`READY ${server.url.replace('localhost', '127.0.0.1')}\n`);
process.once('SIGTERM', () => {
  void server.stop().finally(() => process.exit(0));
});
