// The app the cross-cutting security tests run against: the real app on a fresh database with what
// every module needs to answer for real (asset catalogue, swap liquidity, a KYC document folder,
// the identity webhook secret), and the list of its routes as the app registered them.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { isErrorCode } from '@rora/contracts';
import { seedAssetCatalogue } from '../modules/prices/index.ts';
import { seedSwapLiquidity } from '../modules/swap/index.ts';
import { seedStakingRewards } from '../modules/staking/index.ts';
import { createRouteCatalogue, type CatalogueRoute } from '../testing/route-catalogue.ts';
import { createTestApp, type TestApp, type TestAppOptions } from '../testing/test-app.ts';

export const API_PREFIX = '/api/v1';

export interface SecurityApp extends TestApp {
  /** Every route under /api/v1 (HEAD twins left out). */
  routes: CatalogueRoute[];
  /** Every route, the web app's files and the API docs included. */
  allRoutes: CatalogueRoute[];
  /** Where KYC documents are stored (a folder per key prefix). */
  storageDir: string;
}

export async function createSecurityApp(options: TestAppOptions = {}): Promise<SecurityApp> {
  const storageDir = await mkdtemp(path.join(tmpdir(), 'rora-security-'));
  const catalogue = createRouteCatalogue();
  const t = await createTestApp({
    ...options,
    onRoute: catalogue.onRoute,
    env: {
      KYC_STORAGE_DIR: storageDir,
      IDENTITY_WEBHOOK_SECRET: 'security-test-identity-webhook-secret-0123456789',
      IDENTITY_SANDBOX_POLL_MS: '0',
      ...options.env,
    },
  });
  await seedAssetCatalogue(t.database);
  await seedSwapLiquidity(t.database);
  await seedStakingRewards(t.database);
  const allRoutes = catalogue.routes(t.app);
  return {
    ...t,
    allRoutes,
    storageDir,
    routes: allRoutes.filter((route) => route.url.startsWith(`${API_PREFIX}/`)),
    async close() {
      await t.close();
      await rm(storageDir, { recursive: true, force: true });
    },
  };
}

/** `GET /api/v1/user/:id`: how rows of the tests' tables name a route. */
export const routeKey = (route: Pick<CatalogueRoute, 'method' | 'url'>) => `${route.method} ${route.url}`;

/** The address with its parameters filled in. */
export function fillPath(url: string, params: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${url}`);
    return encodeURIComponent(value);
  });
}

/** Traces of internals an answer must never carry: stack frames, SQL, driver and file names. */
const LEAKS: Array<[string, RegExp]> = [
  [
    'a stack frame',
    /\bat (?:async )?(?:[\w$.<>[\] ]+ \()?(?:file:\/\/|node:)?[\w/.@-]*(?:\/|\.[cm]?[jt]s)[\w/.@-]*:\d+:\d+|(?:\n|\\n)\s+at /,
  ],
  ['a source path', /\/(?:work|src|node_modules|home|usr)\/[\w./@-]+\.(?:ts|js|mjs|cjs)\b/],
  [
    'SQL text',
    /Failed query|\bselect\s[^\n]{0,200}?\sfrom\s+\\?"\w+|\binsert\s+into\s+\\?"\w+|\bupdate\s+\\?"\w+\\?"\s+set\b|\bdelete\s+from\s+\\?"\w+|\bparams: /i,
  ],
  ['a database error', /syntax error at or near|invalid input syntax|violates [\w ]*constraint|relation "\w+"/i],
  ['a driver or engine name', /\b(?:postgres|drizzle|pg-protocol|ZodError|TypeError|RangeError|SyntaxError)\b/i],
];

export interface ErrorBody {
  error: { code: string; message: string };
  data: Array<{ code: string; message: string; field?: string }>;
}

/** What is wrong with an answer that should carry the one error body of DESIGN §4 (nothing: []). */
export function errorBodyProblems(response: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  if (!/^application\/json/.test(String(response.headers['content-type']))) problems.push('not JSON');
  let body: ErrorBody;
  try {
    body = response.json() as ErrorBody;
  } catch {
    return [...problems, 'a body that does not parse'];
  }
  const code = /^[a-z][a-z0-9_]*$/;
  if (typeof body !== 'object' || body === null || Object.keys(body).sort().join() !== 'data,error') {
    problems.push('not { error, data }');
  } else {
    if (!code.test(String(body.error?.code))) problems.push('no error.code');
    else if (!isErrorCode(body.error.code)) problems.push(`error.code ${body.error.code} is not in the catalogue`);
    if (typeof body.error?.message !== 'string' || body.error.message.length === 0) problems.push('no error.message');
    if (!Array.isArray(body.data) || body.data.length === 0) problems.push('no data[0]');
    else if (body.data.some((item) => !code.test(String(item?.code)) || typeof item?.message !== 'string')) {
      problems.push('a data item without code and message');
    } else if (body.data.some((item) => !isErrorCode(item.code)))
      problems.push('a data item code not in the catalogue');
  }
  for (const [what, pattern] of LEAKS) if (pattern.test(response.body)) problems.push(`the answer carries ${what}`);
  return problems;
}

/** The one error body of DESIGN §4 with nothing internal in it. Returns the body. */
export function expectErrorBody(response: LightMyRequestResponse, context: string): ErrorBody {
  const where = `${context}: ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(errorBodyProblems(response), where).toEqual([]);
  return response.json() as ErrorBody;
}

export function expectNoLeak(text: string, context: string) {
  for (const [what, pattern] of LEAKS) expect(pattern.test(text), `${context}: the answer carries ${what}`).toBe(false);
}

/**
 * The number of rows of every table, and of stored KYC files: equal before and after a batch of
 * refused requests means none of them wrote anything.
 */
export async function writtenState(t: SecurityApp): Promise<Record<string, number>> {
  const tables = await t.database.db.execute<{ name: string }>(
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  const counts = sql.join(
    tables.rows.map((row) => sql`SELECT ${row.name} AS name, count(*)::int AS rows FROM ${sql.identifier(row.name)}`),
    sql` UNION ALL `,
  );
  const result = await t.database.db.execute<{ name: string; rows: number }>(counts);
  const state = Object.fromEntries(result.rows.map((row) => [row.name, row.rows]));
  const folders = await readdir(t.storageDir).catch(() => []);
  const files = await Promise.all(folders.map(async (folder) => (await readdir(`${t.storageDir}/${folder}`)).length));
  return { ...state, 'kyc storage files': files.reduce((sum, count) => sum + count, 0) };
}
