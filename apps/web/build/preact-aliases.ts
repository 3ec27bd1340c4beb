// The React names the web app and its libraries import, answered by preact/compat. The production
// build and the component tests (the vitest `web` project) both take this list, so the tests run on
// the runtime customers get and the two cannot drift apart (ADR 0051).
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Alias } from 'vite';

// Absolute paths, so libraries installed at the repository root find the app's own preact.
const preactDir = path.dirname(createRequire(import.meta.url).resolve('preact/package.json'));

/** preact/compat, the module that stands for react and react-dom. */
export const preactCompat = `${preactDir}/compat/dist/compat.module.js`;

export const preactAliases: Alias[] = [
  { find: /^react-dom\/client$/, replacement: `${preactDir}/compat/client.mjs` },
  { find: /^react-dom\/test-utils$/, replacement: `${preactDir}/compat/test-utils.mjs` },
  { find: /^react-dom$/, replacement: preactCompat },
  { find: /^react\/jsx-runtime$/, replacement: `${preactDir}/compat/jsx-runtime.mjs` },
  { find: /^react\/jsx-dev-runtime$/, replacement: `${preactDir}/compat/jsx-dev-runtime.mjs` },
  { find: /^react$/, replacement: preactCompat },
];
