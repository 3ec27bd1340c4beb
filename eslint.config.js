// Lint encodes the architecture (DESIGN §3): import boundaries between apps, packages and web
// features, no import cycles, and limits on file and function size.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Which internal packages each part may import (DESIGN §3). Internal packages are reached by
// name (@rora/x), which eslint sees as external, so this table drives 'boundaries/external'.
const internalImports = {
  money: [],
  contracts: ['money'],
  engine: ['money'],
  ledger: ['money', 'db'],
  chains: ['money', 'contracts'],
  reserves: ['chains'],
  db: [],
  'web-app': ['contracts', 'money'],
  'web-feature': ['contracts', 'money', 'reserves'],
  'web-shared': ['contracts', 'money'],
  'web-root': ['contracts', 'money'],
  'web-e2e': ['contracts', 'money'],
  worker: ['db', 'ledger', 'money', 'contracts', 'chains', 'matching-engine'],
  signer: ['db', 'chains'],
  api: ['worker', 'db', 'ledger', 'money', 'contracts', 'chains', 'matching-engine', 'reserves', 'signer'],
  scripts: ['api', 'worker', 'db', 'ledger', 'money', 'contracts', 'chains', 'matching-engine', 'reserves', 'signer'],
};
const externalRules = Object.entries(internalImports).flatMap(([from, allowed]) => [
  { from, disallow: ['@rora/*'], message: `${from} may import only: ${allowed.join(', ') || 'no internal package'}` },
  ...(allowed.length > 0 ? [{ from, allow: allowed.map((name) => `@rora/${name}`) }] : []),
]);

// The API's modules in dependency order (ADR 0027, docs/architecture.md): a module may import only
// modules of earlier layers, and only through their public entry (index.ts), so modules form no
// cycle by construction. Tests and `testing/` fixtures may reach any module's files (white-box).
export const moduleLayers = [
  ['markets', 'sessions', 'messaging', 'prices', 'chain-watcher', 'geo', 'health'],
  ['accounts', 'realtime', 'venues'],
  ['notifications', 'users', 'portfolio', 'auth'],
  ['kyc', 'wallets'],
  ['coldwallet', 'orders', 'swap', 'onramp', 'staking', 'lending', 'audit'],
  ['market-data', 'market-maker'],
  ['alerts'],
  ['dev', 'openapi'],
];
const platform = [
  'api',
  'api-routes',
  'worker',
  'db',
  'ledger',
  'money',
  'contracts',
  'chains',
  'engine',
  'reserves',
  'signer',
];
const anyOf = (names) => (names.length === 1 ? names[0] : `{${names.join(',')}}`);

/** Each module may import its own files and the modules of earlier layers (tests: every module). */
function moduleRules({ whiteBox }) {
  const everyModule = moduleLayers.flat();
  return moduleLayers.flatMap((layer, index) => {
    const earlier = moduleLayers.slice(0, index).flat();
    return layer.map((name) => ({
      from: [['module', { module: name }]],
      allow: [['module', { module: anyOf(whiteBox ? everyModule : [name, ...earlier]) }], ...platform],
      message: `${name} may import its own files and only these modules: ${earlier.join(', ') || 'none'}`,
    }));
  });
}

/** The element-types rules; `whiteBox` for tests and fixtures. */
function elementTypeRules({ whiteBox }) {
  return [
    ...moduleRules({ whiteBox }),
    { from: 'money', allow: ['money'] },
    { from: 'contracts', allow: ['contracts', 'money'] },
    { from: 'engine', allow: ['engine', 'money'] },
    { from: 'ledger', allow: ['ledger', 'money', 'db'] },
    { from: 'chains', allow: ['chains', 'money', 'contracts'] },
    { from: 'reserves', allow: ['reserves', 'chains'] },
    { from: 'db', allow: ['db'] },
    { from: 'web-root', allow: ['web-app', 'web-shared', 'web-root'] },
    { from: 'web-app', allow: ['web-app', 'web-feature', 'web-shared', 'contracts', 'money'] },
    {
      from: 'web-feature',
      allow: [['web-feature', { feature: '${from.feature}' }], 'web-shared', 'contracts', 'money', 'reserves'],
    },
    { from: 'web-shared', allow: ['web-shared', 'contracts', 'money'] },
    { from: 'web-e2e', allow: ['web-e2e', 'contracts', 'money'] },
    { from: 'worker', allow: ['worker', 'db', 'ledger', 'money', 'contracts', 'chains', 'engine'] },
    { from: 'signer', allow: ['signer', 'db', 'chains'] },
    { from: ['api', 'api-routes'], allow: ['module', ...platform] },
    { from: 'scripts', allow: ['scripts', 'module', 'web-e2e', ...platform] },
  ];
}

const elements = [
  { type: 'module', pattern: 'apps/api/src/modules/*', capture: ['module'] },
  { type: 'api-routes', pattern: 'apps/api/src/modules/index.ts', mode: 'file' },
  { type: 'money', pattern: 'packages/money' },
  { type: 'contracts', pattern: 'packages/contracts' },
  { type: 'engine', pattern: 'packages/matching-engine' },
  { type: 'ledger', pattern: 'packages/ledger' },
  { type: 'chains', pattern: 'packages/chains' },
  { type: 'reserves', pattern: 'packages/reserves' },
  { type: 'db', pattern: 'packages/db' },
  { type: 'web-app', pattern: 'apps/web/src/app' },
  { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
  { type: 'web-shared', pattern: 'apps/web/src/(components|lib|styles|i18n)', mode: 'folder' },
  { type: 'web-root', pattern: 'apps/web/src/*.{ts,tsx}', mode: 'file' },
  { type: 'web-e2e', pattern: 'apps/web/e2e' },
  { type: 'api', pattern: 'apps/api' },
  { type: 'worker', pattern: 'apps/worker' },
  { type: 'signer', pattern: 'apps/signer' },
  { type: 'scripts', pattern: 'scripts' },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '.test-data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX, boundaries },
    settings: {
      'boundaries/elements': elements,
      'boundaries/include': ['apps/**/*', 'packages/**/*', 'scripts/**/*'],
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      // eslint-plugin-boundaries resolves through eslint-plugin-import's resolver setting.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': ['error', { maxDepth: 12, ignoreExternal: true }],
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }],
      'max-params': ['error', 4],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='parseFloat']",
          message: 'Money never goes through parseFloat: use @rora/money.',
        },
      ],
      'boundaries/external': ['error', { default: 'allow', rules: externalRules }],
      'boundaries/element-types': ['error', { default: 'disallow', rules: elementTypeRules({ whiteBox: false }) }],
      // Another module is reached only through its index.ts (and the route registry, modules/index.ts,
      // through its routes files: see the no-restricted-imports rule for modules below).
      'boundaries/entry-point': [
        'error',
        {
          default: 'allow',
          rules: [
            {
              target: ['module'],
              disallow: ['**'],
              message: "Import another module only through its public entry, index.ts (not '${dependency.source}').",
            },
            { target: ['module'], allow: ['index.ts', '*.routes.ts', '**/*.routes.ts'] },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // DESIGN §3: money imports nothing, not even Node's built-ins, so both apps can use it anywhere.
    files: ['packages/money/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!\\.{1,2}/)', message: '@rora/money imports nothing but its own files.' }] },
      ],
    },
  },
  {
    // The web app calls the API through the contract's typed calls (callApi, ADR 0036): features
    // never write a path for apiRequest.
    files: ['apps/web/src/features/**/*.{ts,tsx}', 'apps/web/src/app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/lib/api/client.ts'],
              importNames: ['apiRequest'],
              message: 'Call the API with callApi(call of @rora/contracts, input) (ADR 0036).',
            },
          ],
        },
      ],
    },
  },
  {
    // HTTP stays in routes (ADR 0026): a module's domain files import no Fastify and no plugin, so the
    // core builds without the HTTP app. The listed files are the routes' HTTP helpers.
    files: ['apps/api/src/modules/*/**/*.ts'],
    ignores: [
      '**/*.routes.ts',
      '**/*.test.ts',
      '**/testing/**',
      'apps/api/src/modules/accounts/{rate-limits,route-helpers,route-validation}.ts',
      'apps/api/src/modules/wallets/rate-limits.ts',
      'apps/api/src/modules/kyc/{kyc-gate,kyc-upload}.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(fastify|fastify-.*|@fastify/.*)$', message: 'HTTP belongs in *.routes.ts, not in the domain.' },
            { regex: '/plugins/', message: 'Plugins are the HTTP side; the domain uses lib/ (ADR 0026).' },
          ],
        },
      ],
    },
  },
  {
    // Tests and their fixtures are white-box: they may reach any file of a module.
    files: [
      '**/*.test.ts',
      '**/testing/**/*.ts',
      '**/simulation/**/*.ts',
      'apps/api/src/security/**',
      'scripts/**/*.ts',
    ],
    rules: {
      'boundaries/element-types': ['error', { default: 'disallow', rules: elementTypeRules({ whiteBox: true }) }],
      'boundaries/entry-point': 'off',
    },
  },
  {
    // Tables of translations, fixtures and tests describe many cases in one place.
    files: ['**/*.test.{ts,tsx}', '**/e2e/**/*.ts', '**/i18n/**', '**/locales/**'],
    rules: { 'max-lines': 'off', 'max-lines-per-function': 'off' },
  },
);
