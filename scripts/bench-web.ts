// Prints the gzip size of the JavaScript (and CSS) a browser downloads before it can show the login
// screen and the dashboard: the entry of dist/index.html with everything it imports statically, plus
// each route's lazy chunks (layout, screen, the English translations it waits for) and their static
// imports, read from Vite's manifest. Builds first when dist/ is missing or with --build.
// `--check` exits 1 when a route is over its budget of gzip JavaScript (login 90 kB, issue 19), or
// when zod is in a route's download: the web app parses nothing with it before the first screen, and
// one constant imported from a schema module brings all of it, about 27 kB (ADR 0072).
// `npm test` runs it after the build (about half a second). Lighthouse scores: bench:web:lighthouse.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve('apps/web/dist');
const manifestPath = path.join(dist, '.vite/manifest.json');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface RouteDefinition {
  name: string;
  /** Most gzip kB of JavaScript before the route can show (entry, static imports, its lazy chunks). */
  budgetKb: number;
  /** Manifest keys (source paths) of the lazy modules the route waits for. */
  chunks: string[];
}

const locale = (folder: string) => `src/${folder}/locales/en.json`;
const routes: RouteDefinition[] = [
  {
    name: 'login (/auth/login)',
    budgetKb: 90,
    chunks: [
      'src/app/layouts/AuthLayout.tsx',
      'src/app/routes/login.tsx',
      locale('lib/i18n'),
      locale('lib/api'),
      locale('features/shell'),
      locale('features/auth'),
    ],
  },
  {
    name: 'dashboard (/dashboard/wallets)',
    budgetKb: 150,
    chunks: [
      'src/app/layouts/DashboardLayout.tsx',
      'src/app/routes/wallets.tsx',
      locale('lib/i18n'),
      locale('lib/api'),
      locale('features/shell'),
      locale('features/notifications'),
      locale('features/wallets'),
    ],
  },
  {
    // The chart (lightweight-charts) loads after the first paint and is not counted.
    name: 'exchange (/dashboard/exchange)',
    budgetKb: 160,
    chunks: [
      'src/app/layouts/DashboardLayout.tsx',
      'src/app/routes/exchange.tsx',
      locale('lib/i18n'),
      locale('lib/api'),
      locale('features/shell'),
      locale('features/notifications'),
      locale('features/exchange'),
      locale('features/onramp'),
    ],
  },
];

function gzipKb(file: string): number {
  return gzipSync(readFileSync(path.join(dist, file))).length / 1024;
}

/** The entry script and modulepreload links of dist/index.html. */
function htmlScripts(): string[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+)"/g)].map(
    (m) => m[1]!,
  );
  return [...new Set(files)];
}

function collect(manifest: Manifest, key: string, js: Set<string>, css: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Not in the Vite manifest: ${key} (did the route move?)`);
  if (js.has(chunk.file)) return;
  js.add(chunk.file);
  for (const sheet of chunk.css ?? []) css.add(sheet);
  for (const child of chunk.imports ?? []) collect(manifest, child, js, css);
}

function measure(manifest: Manifest, route: RouteDefinition) {
  const js = new Set<string>(htmlScripts().filter((file) => file.endsWith('.js')));
  const css = new Set<string>();
  // index.html's app entry and first-screen.ts, the entry its head loads first.
  for (const entry of Object.keys(manifest).filter((key) => manifest[key]!.isEntry)) collect(manifest, entry, js, css);
  for (const key of route.chunks) collect(manifest, key, js, css);
  const sum = (files: Set<string>) => [...files].reduce((total, file) => total + gzipKb(file), 0);
  return { files: js.size, jsKb: sum(js), cssKb: sum(css), hasZod: [...js].some(containsZod) };
}

/** zod 4 names each of its classes when it builds it; the minifier keeps the string. */
function containsZod(file: string): boolean {
  return /[`'"]\$ZodType[`'"]/.test(readFileSync(path.join(dist, file), 'utf8'));
}

function main(): void {
  if (process.argv.includes('--build') || !existsSync(manifestPath)) {
    execSync('npm run build -w @rora/web', { stdio: 'inherit' });
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const entryCode = htmlScripts()
    .map((file) => readFileSync(path.join(dist, file), 'utf8'))
    .join('');
  const runtime = entryCode.includes('Minified React error') ? 'react-dom' : 'preact/compat';
  console.log(`Initial download per route, gzip (runtime: ${runtime}):`);
  const over: string[] = [];
  const withZod: string[] = [];
  for (const route of routes) {
    const { files, jsKb, cssKb, hasZod } = measure(manifest, route);
    if (jsKb > route.budgetKb) over.push(route.name);
    if (hasZod) withZod.push(route.name);
    console.log(
      `  ${route.name.padEnd(32)} JS ${jsKb.toFixed(1).padStart(6)} kB in ${String(files).padStart(2)} files, ` +
        `CSS ${cssKb.toFixed(1)} kB (budget ${route.budgetKb} kB, ${((100 * jsKb) / route.budgetKb).toFixed(0)} %)` +
        (hasZod ? ', with zod' : ''),
    );
  }
  if (!process.argv.includes('--check')) return;
  if (over.length > 0) console.error(`Over the JavaScript budget: ${over.join(', ')}.`);
  if (withZod.length > 0) {
    console.error(
      `zod in the first download of ${withZod.join(', ')}: import lists and helpers from zod-free modules ` +
        '(@rora/contracts constants/), not from a schema module (ADR 0072).',
    );
  }
  if (over.length > 0 || withZod.length > 0) process.exit(1);
}

main();
