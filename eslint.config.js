import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import fs from 'node:fs';

// Import fences (ARCHITECTURE.md, "Layers") are errors, checked on the RESOLVED file with
// import-x/no-restricted-paths (so `../../reprint/api.ts` counts as the reprint feature however it
// is spelled), all in ONE rule entry: ESLint keeps only the last matching entry of a rule, so a
// folder's own entry would switch off a wider one. Package names (which a resolver may not find)
// are fenced with no-restricted-imports, one entry per app whose file sets never overlap.
// apps/server/test/lint-fences.test.ts proves each fence with snippets.
const ROOT = import.meta.dirname;
const features = [
  'home',
  'content',
  'auth',
  'account',
  'orders',
  'photos',
  'payments',
  'logistics',
  'task',
  'reprint',
  'system',
  'console',
];
const WEB = 'apps/web/src';
const SERVER = 'apps/server/src';
/** Database packages, as resolved folders (no-restricted-paths) and as names (no-restricted-imports). */
const DB_FOLDERS = [
  'node_modules/drizzle-orm',
  'node_modules/drizzle-kit',
  'node_modules/pg',
  'node_modules/@electric-sql',
];
const DB_NAMES = ['drizzle-orm', 'drizzle-orm/*', 'drizzle-kit', 'pg', 'pg/*', '@electric-sql/*'];
/** A server folder's files without their tests (tests may reach wherever they need). */
const code = (dir) => `${ROOT}/${dir}/**/!(*.test|*.testkit).ts`;

const MSG = {
  apps: 'Apps never import each other; the web sees contract types only.',
  feature: 'A feature never imports another feature; combine them in routes or move shared code to lib/components.',
  oneWay: 'Imports flow one way: app -> features -> shared (lib, components).',
  contract: 'The contract imports neither app nor database code.',
  providers: 'Providers import neither modules nor http: they are built from config.ts and hang on the context.',
  bottom: 'The database schema and lib are the bottom layer: they import no module, http or provider code.',
};

// Server module fences (ARCHITECTURE.md, "Layers"): every folder under modules/ is an area, found
// here as the config loads, so a new area is fenced without anyone listing it. Another area (and
// every server file outside the area) reaches it only through its `public.ts`; the app's assembly
// (app.ts, the console's mount of the staff routes, the demo seed) also registers its plugins
// (`routes.ts`, `*-routes.ts`, `*-worker.ts`, `seed.ts`), which public.ts leaves out: a plugin
// imports its whole area, so an area re-exporting its routes would close a circle with every area
// it calls that calls it back. Tests and test kits may reach in.
const SERVER_MODULES = fs
  .readdirSync(`${ROOT}/${SERVER}/modules`, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const ASSEMBLY = ['app.ts', 'db/seed/seed-demo.ts', 'modules/console/routes.ts'];
const notTest = '!(*.test|*.testkit).ts';
function serverModuleZones() {
  const src = `${ROOT}/${SERVER}`;
  return SERVER_MODULES.flatMap((m) => [
    {
      target: [
        `${src}/!(app|*.test|*.testkit).ts`,
        `${src}/!(modules|db)/**/${notTest}`,
        `${src}/db/${notTest}`,
        `${src}/db/!(seed)/**/${notTest}`,
        `${src}/db/seed/!(seed-demo|*.test|*.testkit).ts`,
        `${src}/db/seed/*/**/${notTest}`,
        `${src}/modules/!(${m}|console)/**/${notTest}`,
        ...(m === 'console' ? [] : [`${src}/modules/console/!(routes|*.test|*.testkit).ts`]),
      ],
      from: `${SERVER}/modules/${m}`,
      except: ['./public.ts'],
      message: `Another area reaches modules/${m} only through its public.ts (ARCHITECTURE.md, "Layers").`,
    },
    {
      target: ASSEMBLY.filter((f) => !f.startsWith(`modules/${m}/`)).map((f) => `${src}/${f}`),
      from: `${src}/modules/${m}/**`,
      except: [`${src}/modules/${m}/{public,routes,*-routes,*-worker,seed}.ts`],
      message: `The app's assembly takes modules/${m}'s public.ts and its plugins (routes.ts, *-routes.ts, *-worker.ts, seed.ts) only.`,
    },
  ]);
}

const zones = [
  // Apps never import each other; the web sees no server and no database code.
  { target: 'apps/web', from: ['apps/server', ...DB_FOLDERS], message: MSG.apps },
  { target: 'apps/server', from: 'apps/web', message: MSG.apps },
  // The contract imports neither app nor database code.
  { target: 'packages/contract', from: ['apps', ...DB_FOLDERS], message: MSG.contract },
  // The photo engine imports no app, no database and no HTTP code.
  {
    target: 'packages/photo-check',
    from: ['apps', ...DB_FOLDERS, 'node_modules/fastify'],
    message: 'The photo engine imports no app, database or HTTP code.',
  },
  // A web feature never imports another feature, nor the app above it.
  ...features.map((f) => ({
    target: `${WEB}/features/${f}`,
    from: `${WEB}/features`,
    except: [`./${f}`],
    message: MSG.feature,
  })),
  {
    target: `${WEB}/features`,
    from: [`${WEB}/app`, `${WEB}/main.tsx`, `${WEB}/console-main.tsx`],
    message: MSG.oneWay,
  },
  // Shared web code (lib, components) never reaches up into app or features.
  {
    target: [`${WEB}/lib`, `${WEB}/components`],
    from: [`${WEB}/app`, `${WEB}/features`, `${WEB}/main.tsx`, `${WEB}/console-main.tsx`],
    message: MSG.oneWay,
  },
  // Server layers: outside parties are built from config alone and never reach into modules or
  // the HTTP layer; the database schema and lib are the bottom (the demo seed aside).
  {
    target: code(`${SERVER}/providers`),
    from: [`${SERVER}/modules`, `${SERVER}/http`, `${SERVER}/app.ts`],
    message: MSG.providers,
  },
  {
    target: [
      `${ROOT}/${SERVER}/db/!(*.test|*.testkit).ts`,
      `${ROOT}/${SERVER}/db/!(seed)/**/!(*.test|*.testkit).ts`,
      code(`${SERVER}/lib`),
    ],
    from: [`${SERVER}/modules`, `${SERVER}/http`, `${SERVER}/providers`, `${SERVER}/app.ts`, `${SERVER}/context.ts`],
    message: MSG.bottom,
  },
  // The HTTP plumbing knows no area and no outside party; configuration and the context import no
  // module (a module declares its own part of the context); backups run without the app.
  {
    target: code(`${SERVER}/http`),
    from: [`${SERVER}/modules`, `${SERVER}/providers`, `${SERVER}/app.ts`, `${SERVER}/context.ts`, `${SERVER}/main.ts`],
    message: 'The HTTP plumbing knows no area and no outside party.',
  },
  {
    target: [
      `${ROOT}/${SERVER}/config.ts`,
      code(`${SERVER}/config`),
      `${ROOT}/${SERVER}/security-config.ts`,
      `${ROOT}/${SERVER}/site-info-config.ts`,
      `${ROOT}/${SERVER}/config-error.ts`,
    ],
    from: [`${SERVER}/modules`, `${SERVER}/app.ts`, `${SERVER}/context.ts`, `${SERVER}/main.ts`],
    message: 'Configuration imports no module: the sections parsed elsewhere live below it in config/.',
  },
  {
    target: `${ROOT}/${SERVER}/context.ts`,
    from: [`${SERVER}/modules`, `${SERVER}/app.ts`, `${SERVER}/main.ts`],
    message: 'context.ts names no module: each module declares its own part of ModuleState.',
  },
  {
    target: code(`${SERVER}/ops`),
    from: [`${SERVER}/modules`, `${SERVER}/http`, `${SERVER}/providers`, `${SERVER}/app.ts`],
    message: 'Backups import no module, http or provider code.',
  },
  // Server module fences: see serverModuleZones above.
  ...serverModuleZones(),
  {
    target: `${ROOT}/${SERVER}/modules/*/public.ts`,
    from: [`${ROOT}/${SERVER}/modules/*/routes.ts`, `${ROOT}/${SERVER}/modules/*/*-routes.ts`],
    message: "An area's public.ts leaves its plugins out: the app's assembly imports routes.ts and *-routes.ts itself.",
  },
];

/** Package names fenced per app (one entry per app; the file sets do not overlap). */
const packageFence = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

// Numeric order states outside the contract (the states of packages/contract/src/order-states.ts).
const STATE_NUMBER = '/^(110|115|116|120|125|130|140|145|150)$/';
const STATE_KEY = '/^(state|orderState)$/';
const stateNumber = `Literal[raw=${STATE_NUMBER}]`;
const orderStateLiteralRules = [
  `Property[key.name=${STATE_KEY}] > ${stateNumber}`,
  `Property[key.name=${STATE_KEY}] > LogicalExpression > ${stateNumber}`,
  `AssignmentExpression[left.property.name=${STATE_KEY}] > ${stateNumber}`,
  `BinaryExpression[left.property.name=${STATE_KEY}] > ${stateNumber}`,
  `BinaryExpression[right.property.name=${STATE_KEY}] > ${stateNumber}`,
  `SwitchStatement[discriminant.property.name=${STATE_KEY}] > SwitchCase > ${stateNumber}`,
  // eq(orders.state, 110), inArray(orders.state, [115, 116])
  `CallExpression[arguments.0.property.name=${STATE_KEY}] > ${stateNumber}`,
  `CallExpression[arguments.0.property.name=${STATE_KEY}] > ArrayExpression > ${stateNumber}`,
  // sql`${orders.state} <> 150`
  `TaggedTemplateExpression[tag.name='sql'] TemplateElement[value.raw=/^\\s*(=|<>|!=|<=?|>=?|in\\s*\\()\\s*(110|115|116|120|125|130|140|145|150)\\b/]`,
  // a list of states: [120, 130, 140, 145]
  `ArrayExpression[elements.length>=2]:not(:has(> :not(${stateNumber})))`,
].map((selector) => ({
  selector,
  message: 'Name order states (ORDER_STATE or a helper in packages/contract/src/order-states.ts), never as numbers.',
}));

export default tseslint.config(
  {
    ignores: [
      'apps/web/public/**',
      '**/dist/**',
      '**/node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
      '**/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      // Parse the imported TypeScript files too (import-x/no-cycle follows them).
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            'apps/web/tsconfig.json',
            'apps/server/tsconfig.json',
            'packages/contract/tsconfig.json',
            'e2e/tsconfig.json',
          ],
        }),
      ],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones }] },
  },
  packageFence(
    ['packages/contract/**/*.ts'],
    [{ group: ['@portal/server*', '@portal/web*', ...DB_NAMES], message: MSG.contract }],
  ),
  packageFence(['apps/server/**/*.ts'], [{ group: ['@portal/web*'], message: MSG.apps }]),
  packageFence(['apps/web/**/*.{ts,tsx}'], [{ group: ['@portal/server*', ...DB_NAMES], message: MSG.apps }]),
  // No import cycles in the web, the contract and the server.
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'packages/contract/src/**/*.ts', 'apps/server/src/**/*.ts'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/refs': 'off',
    },
  },
  // Order states by name (ORDER_STATE and the helpers in packages/contract/src/order-states.ts),
  // never as numbers: a number compared with, assigned to or listed for a state is refused.
  {
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...orderStateLiteralRules] },
  },
  {
    files: ['e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.mjs', '**/*.test.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
