// Builds the single-page app into dist/ with a manifest (scripts/bench-web.ts reads it to measure
// each route's initial JavaScript). See docs/adr for why React is served by preact/compat.
import { fileURLToPath } from 'node:url';
import { defineConfig, type Alias } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';
import { preactAliases } from './build/preact-aliases.ts';

// RORA_WEB_RUNTIME=react builds with React itself, for comparing bundle sizes (npm run bench:web).
const runtime = process.env.RORA_WEB_RUNTIME === 'react' ? 'react' : 'preact';

// react-router's package exports only its development build; the production build beside it drops
// the dev-time warnings and checks.
const reactRouterProduction: Alias = {
  find: /^react-router$/,
  replacement: fileURLToPath(new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url)),
};

const SHARED_BY = 2;
// The signed-in data layer (the resources and the session's socket, with TanStack Query under them)
// stays out of the group: in it, its dependencies would come with it into the login page's download.
const SIGNED_IN_ONLY = /apps[\\/]web[\\/]src[\\/]lib[\\/](api[\\/]resources|ws)[\\/]/;
function isSharedUiModule(id: string): boolean {
  return (
    /apps[\\/]web[\\/]src[\\/](components|lib)[\\/]|lucide-react/.test(id) &&
    !id.endsWith('.json') &&
    !SIGNED_IN_ONLY.test(id)
  );
}

export default defineConfig(({ command }) => ({
  plugins: [...(runtime === 'react' ? [react()] : []), precompress()],
  oxc: runtime === 'react' ? undefined : { jsx: { runtime: 'automatic', importSource: 'react' } },
  resolve: {
    alias: [...(command === 'build' ? [reactRouterProduction] : []), ...(runtime === 'react' ? [] : preactAliases)],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    rolldownOptions: {
      onwarn(warning, warn) {
        // Libraries mark themselves "use client" for server components; meaningless in a SPA bundle.
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
      // Many screens share small components, icons and helpers; left to the automatic splitting they
      // become dozens of 1-2 kB files, each a request and its headers (the login screen needed 24 on
      // a slow phone link, Lighthouse LCP 3.7 s). The ones at least SHARED_BY route chunks use are
      // one chunk instead; translations keep their own per-language files.
      output: {
        codeSplitting: {
          groups: [{ name: 'ui', test: isSharedUiModule, minShareCount: SHARED_BY }],
        },
      },
      // Our modules only declare things (their stylesheets aside): marking them side-effect free
      // lets a route import one screen from a feature's index.ts without the feature's other screens,
      // and a constant from the contract without its zod schemas.
      treeshake: {
        // zod schema builders are pure: an unused schema in a contract module costs nothing. The
        // contract imports zod as `zod`: a pure name of `z` also matched preact's minified style setter
        // (a function named z), and every style prop was silently dropped from the build.
        manualPureFunctions: ['zod'],
        moduleSideEffects: [
          { test: /packages[\\/](contracts|money)[\\/]src[\\/]/, sideEffects: false },
          { test: /apps[\\/]web[\\/]src[\\/](features|components|lib)[\\/].*\.tsx?$/, sideEffects: false },
        ],
      },
    },
  },
  server: {
    proxy: { '/api': { target: process.env.RORA_API_URL ?? 'http://localhost:3000', ws: true } },
  },
}));
