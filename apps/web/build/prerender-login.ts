// After `vite build`: writes dist/prerender/login.<language>[.<theme>].html (with .br and .gz copies),
// the built index.html with the login screen's markup (src/app/prerender/login-page.tsx) in #root,
// its language (and the light or dark theme, or none) on <html> and the stylesheets of the login's
// chunks linked, so the page paints before its scripts run. The server (apps/api/src/plugins/
// login-page.ts) sends the one in the visitor's language and theme for /auth/login.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { LOGIN_PAGE_THEMES, loginPageFileName, type LoginPageTheme } from '@rora/contracts';
import { disableButtons } from '../src/app/prerender/disable-buttons.ts';
import type { LoginPage } from '../src/app/prerender/login-page.tsx';
import { LANGUAGE_TAGS, type LanguageCode } from '../src/lib/i18n/languages.ts';
import { preactCompat } from './preact-aliases.ts';
import { compressFile } from './precompress.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'dist');

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The stylesheets a module's chunk and the chunks it imports bring, in load order. */
function stylesheetsOf(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  const imported = (chunk.imports ?? []).flatMap((next) => stylesheetsOf(manifest, next, seen));
  return [...imported, ...(chunk.css ?? [])];
}

interface Variant {
  readonly language: LanguageCode;
  readonly theme: LoginPageTheme;
}

function page(template: string, variant: Variant, login: LoginPage, stylesheets: readonly string[]): string {
  const { title } = login;
  const markup = disableButtons(login.markup);
  const { language, theme } = variant;
  const links = stylesheets.map((file) => `    <link rel="stylesheet" crossorigin href="/${file}">\n`).join('');
  const themed = theme === null ? '' : ` data-theme="${theme}"`;
  const html = template
    .replace('<html lang="en">', `<html lang="${LANGUAGE_TAGS[language]}"${themed}>`)
    .replace('</head>', `${links}  </head>`)
    .replace('<title>Rora</title>', `<title>${escapeHtml(title)}</title>`)
    .replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
  if (!html.includes(markup) || !html.includes(`lang="${LANGUAGE_TAGS[language]}"`)) {
    throw new Error('index.html no longer has the shape the prerender expects');
  }
  return html;
}

async function main(): Promise<void> {
  const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entry = stylesheetsOf(manifest, 'index.html');
  const stylesheets = ['src/app/layouts/AuthLayout.tsx', 'src/app/routes/login.tsx']
    .flatMap((key) => stylesheetsOf(manifest, key))
    .filter((file, index, all) => !entry.includes(file) && all.indexOf(file) === index);
  const vite = await createServer({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    // Rendered through Vite so every import (react → preact/compat, CSS) resolves as in the build: the
    // libraries that import React, and preact with its renderer (one copy of its hooks), are bundled.
    ssr: {
      noExternal: ['react-router', 'react-i18next', 'lucide-react', /^@tanstack\//, /^preact/, /^@rora\//],
    },
    // The one CommonJS module on the way (a React 17 shim some libraries import): preact/compat has
    // the hook itself.
    resolve: { alias: [{ find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: preactCompat }] },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const { renderLoginPage } = (await vite.ssrLoadModule('/src/app/prerender/login-page.tsx')) as {
      renderLoginPage: (language: LanguageCode, theme: LoginPageTheme) => Promise<LoginPage>;
    };
    mkdirSync(path.join(dist, 'prerender'), { recursive: true });
    for (const language of Object.keys(LANGUAGE_TAGS) as LanguageCode[]) {
      for (const theme of LOGIN_PAGE_THEMES) {
        const login = await renderLoginPage(language, theme);
        const file = path.join(dist, loginPageFileName(language, theme));
        writeFileSync(file, page(template, { language, theme }, login, stylesheets));
        compressFile(file);
      }
    }
  } finally {
    await vite.close();
  }
}

await main();
