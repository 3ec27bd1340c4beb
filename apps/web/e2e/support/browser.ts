// Which Chromium the journeys drive, never downloaded at test time (STACK.md): CHROME_PATH when set
// (macOS, arm64, a system Chromium), otherwise the headless Chromium that the @sparticuz/chromium
// npm package ships for x64 Linux.
import os from 'node:os';

export interface ChromeLaunch {
  readonly executablePath: string;
  readonly args: string[];
}

const SYSTEM_CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function resolveChrome(env: NodeJS.ProcessEnv = process.env): Promise<ChromeLaunch> {
  if (env.CHROME_PATH) return { executablePath: env.CHROME_PATH, args: SYSTEM_CHROME_ARGS };
  if (os.platform() !== 'linux' || os.arch() !== 'x64') {
    throw new Error('No browser: set CHROME_PATH to a Chrome or Chromium (the bundled one is for x64 Linux only).');
  }
  const { default: chromium } = await import('@sparticuz/chromium');
  // --single-process suits one page per browser (serverless); here it kills the browser as soon as
  // one test's context closes, so every later test in the worker would fail.
  const args = chromium.args.filter((arg) => arg !== '--single-process');
  return { executablePath: await chromium.executablePath(), args };
}

/** The launch options the config hands Playwright, from what global setup resolved. */
export function launchOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): {
  executablePath?: string;
  args?: string[];
} {
  if (!env.RORA_E2E_CHROME) return {};
  return { executablePath: env.RORA_E2E_CHROME, args: JSON.parse(env.RORA_E2E_CHROME_ARGS ?? '[]') as string[] };
}
