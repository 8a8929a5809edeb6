import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Import boundaries are errors (see ARCHITECTURE.md, "Layers"): apps never import each
// other, the contract imports neither app nor database code, a web feature never
// imports another feature, and shared web code never imports app or features.
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
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', '@portal/server*', '@portal/web*', 'drizzle-orm*', 'pg', '@electric-sql/*'],
              message: 'The contract imports neither app nor database code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/apps/web/**', '@portal/web*', '**/web/src/**'], message: 'Apps never import each other.' },
          ],
        },
      ],
    },
  },
  // Server layers (ARCHITECTURE.md, "Layers"): outside parties are built from config alone and
  // never reach into modules or the HTTP layer; the database schema and lib are the bottom.
  ...[
    {
      files: ['apps/server/src/providers/**/*.ts'],
      group: ['**/modules/**', '**/http/**', '**/app.ts'],
      message: 'Providers import neither modules nor http: they are built from config.ts and hang on the context.',
    },
    {
      files: ['apps/server/src/db/**/*.ts', 'apps/server/src/lib/**/*.ts'],
      ignores: ['apps/server/src/db/seed/**'],
      group: ['**/modules/**', '**/http/**', '**/providers/**', '**/app.ts', '**/context.ts'],
      message: 'The database schema and lib are the bottom layer: they import no module, http or provider code.',
    },
  ].map(({ files, ignores = [], group, message }) => ({
    files,
    ignores: [...ignores, '**/*.test.ts', '**/*.testkit.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/apps/web/**', '@portal/web*', '**/web/src/**'], message: 'Apps never import each other.' },
            { group, message },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/refs': 'off',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/server/**', '@portal/server*', '**/server/src/**', 'drizzle-orm*'],
              message: 'Apps never import each other; the web sees contract types only.',
            },
          ],
        },
      ],
    },
  },
  // Shared web code (lib, components) never reaches up into app or features.
  {
    files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/app/**', '**/console/**'],
              message: 'Imports flow one way: app -> features -> shared.',
            },
          ],
        },
      ],
    },
  },
  ...features.map((f) => ({
    files: [`apps/web/src/features/${f}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: features.filter((o) => o !== f).map((o) => `**/features/${o}/**`),
              message:
                'A feature never imports another feature; combine them in routes or move shared code to lib/components.',
            },
            { group: ['**/app/**', '**/console/**'], message: 'Imports flow one way: app -> features -> shared.' },
          ],
        },
      ],
    },
  })),
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
