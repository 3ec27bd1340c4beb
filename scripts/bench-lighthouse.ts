// Lighthouse (mobile preset: simulated slow 4G and a 4x slower CPU) on the built app served by the
// real server (scripts/e2e-server.ts on a throwaway database), in the journeys' Chromium: the
// performance score, LCP, TBT and the bytes on the wire of the login screen (signed out) and the
// exchange (signed in), with the targets beside them. Run `npm run build:web` first.
//   npm run bench:web:lighthouse [-- --runs 3] [-- --save dir] [-- --page exchange] [-- --cpu 8]   (BENCH_PORT, default 4812)
// --save writes each run's full report (dir/<page>-<run>.json) to look at the LCP element, its
// phases and the request chain. Hosts here differ from day to day, and the preset slows the CPU by a
// fixed 4x whatever the host: each line prints Lighthouse's own measure of this host's speed (its
// benchmark index, same run), and --cpu N slows it N times instead (8 stands for a host half as fast).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { resolveChrome } from '../apps/web/e2e/support/browser.ts';

const port = Number(process.env.BENCH_PORT ?? 4812);
const origin = `http://127.0.0.1:${port}`;
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 1;
const saveArg = process.argv.indexOf('--save');
const saveDir = saveArg > 0 ? process.argv[saveArg + 1] : undefined;
const pageArg = process.argv.indexOf('--page');
const onlyPage = pageArg > 0 ? process.argv[pageArg + 1] : undefined;
const cpuArg = process.argv.indexOf('--cpu');
const cpuSlowdown = cpuArg > 0 ? Number(process.argv[cpuArg + 1]) : undefined;
if (cpuSlowdown !== undefined && !(cpuSlowdown >= 1)) throw new Error('--cpu takes a slowdown of 1 or more');

interface Target {
  readonly name: string;
  readonly path: string;
  readonly signedIn: boolean;
  readonly minScore: number;
  readonly maxLcpMs?: number;
}
const targets: Target[] = [
  { name: 'login', path: '/auth/login', signedIn: false, minScore: 95, maxLcpMs: 2000 },
  { name: 'exchange', path: '/dashboard/exchange', signedIn: true, minScore: 90 },
];

async function startServer(): Promise<ChildProcess> {
  // Node itself, not the tsx command, which may SIGKILL the server before it cleans up (e2e-server.ts).
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/e2e-server.ts'], {
    env: { ...process.env, E2E_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let tries = 0; tries < 180; tries += 1) {
    const healthy = await fetch(`${origin}/api/v1/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return child;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  child.kill('SIGTERM');
  throw new Error(`The server did not answer on ${origin} within 180 s`);
}

async function api<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${origin}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

async function latestCode(to: string): Promise<string> {
  for (let tries = 0; tries < 50; tries += 1) {
    const response = await fetch(`${origin}/api/v1/dev/outbox?to=${encodeURIComponent(to)}&limit=1`);
    const body = (await response.json()) as { data: { items: Array<{ text: string }> } };
    const code = /\b(\d{6})\b/.exec(body.data.items[0]?.text ?? '')?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No code arrived for ${to}`);
}

/** A customer registered through the API as the register screen does; the session the app stores. */
async function registerCustomer(): Promise<{ user: unknown; token: string }> {
  const id = Date.now().toString(36);
  const email = `bench-${id}@example.com`;
  const phone = { countryCode: '+44', number: `7700${String(Date.now()).slice(-6)}` };
  await api('/auth/verify-email/send-code', { email });
  const emailOTP = await latestCode(email);
  await api('/auth/verify-email', { email, token: emailOTP });
  await api('/auth/phone', { phone });
  const phoneOTP = await latestCode(`${phone.countryCode}${phone.number}`);
  await api('/auth/phone/verify', { phone, token: phoneOTP });
  const body = {
    email,
    password: `Calm-harbour-${id}`,
    recieveUpdates: true,
    shareData: true,
    emailOTP,
    phone,
    phoneOTP,
  };
  return api('/auth/register', body);
}

/** Empties the browser's cache and stores the session, so a signed-in page starts cold but signed in. */
async function prepareSignedIn(chromePort: number, session: { user: unknown; token: string }): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` });
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await page.goto(`${origin}/auth/login`);
  const stored = JSON.stringify({ ...session, authenticated: true });
  await page.evaluate((value) => localStorage.setItem('auth', value), stored);
  await page.close();
  await browser.disconnect();
}

interface Measure {
  score: number;
  lcpMs: number;
  tbtMs: number;
  transferKb: number;
  scriptKb: number;
  /** Lighthouse's measure of the host's CPU speed (higher is faster), taken in the same run. */
  benchmarkIndex: number;
}

async function audit(chromePort: number, target: Target, run: number): Promise<Measure> {
  // A signed-in page keeps the storage (and so the session prepareSignedIn left, cache emptied).
  const flags: Flags = { port: chromePort, output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
  const config =
    cpuSlowdown === undefined
      ? undefined
      : { extends: 'lighthouse:default', settings: { throttling: { cpuSlowdownMultiplier: cpuSlowdown } } };
  const result = await lighthouse(
    `${origin}${target.path}`,
    { ...flags, disableStorageReset: target.signedIn },
    config,
  );
  const lhr = result!.lhr;
  if (saveDir) {
    mkdirSync(saveDir, { recursive: true });
    writeFileSync(path.join(saveDir, `${target.name}-${run + 1}.json`), JSON.stringify(lhr));
  }
  type Request = { resourceType?: string; transferSize?: number };
  const requests = (lhr.audits['network-requests']?.details as { items?: Request[] } | undefined)?.items ?? [];
  const bytes = (type?: string) =>
    requests
      .filter((request) => type === undefined || request.resourceType === type)
      .reduce((total, request) => total + (request.transferSize ?? 0), 0) / 1024;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    transferKb: bytes(),
    scriptKb: bytes('Script'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function report(target: Target, measures: Measure[]): boolean {
  const pick = (key: keyof Measure) => median(measures.map((measure) => measure[key]));
  const score = pick('score');
  const lcpMs = pick('lcpMs');
  const met = score >= target.minScore && (target.maxLcpMs === undefined || lcpMs <= target.maxLcpMs);
  const lcpTarget = target.maxLcpMs === undefined ? '' : ` (target ≤ ${target.maxLcpMs})`;
  console.log(
    `  ${target.name.padEnd(9)} score ${String(score).padStart(3)} (target ≥ ${target.minScore})  ` +
      `LCP ${lcpMs.toFixed(0)} ms${lcpTarget}  TBT ${pick('tbtMs').toFixed(0)} ms  ` +
      `on the wire ${pick('transferKb').toFixed(1)} kB (JS ${pick('scriptKb').toFixed(1)} kB)  ` +
      `host index ${pick('benchmarkIndex').toFixed(0)}  ${met ? 'met' : 'NOT met'}`,
  );
  return met;
}

async function main(): Promise<void> {
  const server = await startServer();
  const chrome = await resolveChrome();
  const launched = await chromeLauncher.launch({
    chromePath: chrome.executablePath,
    chromeFlags: [...chrome.args, '--headless=new'],
  });
  try {
    const session = await registerCustomer();
    const cpu =
      cpuSlowdown === undefined ? 'mobile preset (CPU 4x slower)' : `mobile preset with the CPU ${cpuSlowdown}x slower`;
    console.log(`Lighthouse ${runs} run(s) per page, ${cpu}, median:`);
    for (const target of targets.filter((item) => onlyPage === undefined || item.name === onlyPage)) {
      const measures: Measure[] = [];
      for (let run = 0; run < runs; run += 1) {
        if (target.signedIn) await prepareSignedIn(launched.port, session);
        measures.push(await audit(launched.port, target, run));
      }
      report(target, measures);
    }
  } finally {
    launched.kill();
    server.kill('SIGTERM');
  }
}

await main();
