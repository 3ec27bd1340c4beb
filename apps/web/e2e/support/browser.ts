// Which Chromium the journeys drive, never downloaded at test time (STACK.md): CHROME_PATH when set
// (macOS, arm64, a system Chromium), otherwise the headless Chromium that the @sparticuz/chromium
// npm package ships for x64 Linux. Either runs with the same flags, ours: the package's own suit a
// serverless function, not a test run. They draw through SwiftShader, a GPU emulated on the CPU,
// which took twice as long over the same journeys as Chromium's software compositor on 2 cores,
// and they turn off the same-origin policy, which a customer's browser keeps (ADR 0070).
import os from 'node:os';

export interface ChromeLaunch {
  readonly executablePath: string;
  readonly args: string[];
}

const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function resolveChrome(env: NodeJS.ProcessEnv = process.env): Promise<ChromeLaunch> {
  if (env.CHROME_PATH) return { executablePath: env.CHROME_PATH, args: CHROME_ARGS };
  if (os.platform() !== 'linux' || os.arch() !== 'x64') {
    throw new Error('No browser: set CHROME_PATH to a Chrome or Chromium (the bundled one is for x64 Linux only).');
  }
  const { default: chromium } = await import('@sparticuz/chromium');
  return { executablePath: await chromium.executablePath(), args: CHROME_ARGS };
}

/** The launch options the config hands Playwright, from what global setup resolved. */
export function launchOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): {
  executablePath?: string;
  args?: string[];
} {
  if (!env.RORA_E2E_CHROME) return {};
  return { executablePath: env.RORA_E2E_CHROME, args: JSON.parse(env.RORA_E2E_CHROME_ARGS ?? '[]') as string[] };
}
