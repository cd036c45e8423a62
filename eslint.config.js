// One ESLint config for the whole repository (zero warnings allowed: `npm run lint`).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const features = readdirSync(new URL('./web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Flat config keeps only the last matching `no-restricted-imports`, so narrower blocks repeat these.
const webPattern = {
  group: ['@partak/server', '**/server/src/**', 'fastify', 'node:*'],
  message: 'The web app never imports server code or Node modules.',
};
// One way to data (docs/decisions/021-data-access.md): content through lib/content-loader.ts, the
// rest through TanStack Query with the one shared `queryClient`, passed to each hook.
const contentPattern = {
  group: ['**/cached.ts'],
  message: 'Content is read through lib/content-loader.ts; other data through TanStack Query.',
};
const queryClientPattern = {
  group: ['@tanstack/react-query'],
  importNames: ['QueryClient', 'QueryClientProvider', 'useQueryClient'],
  message: 'Use the shared queryClient from lib/data/query-client.ts, passed to the hook.',
};
const webPatterns = [webPattern, contentPattern, queryClientPattern];
const sharedPattern = {
  group: ['@/features/*', '@/app/*'],
  message: 'Shared code never imports features or the app layer.',
};

// Every word a user sees comes from the dictionaries (content/locales), never from JSX.
const userText = [
  {
    selector: 'JSXText[value=/\\p{L}/u]',
    message: 'User-visible text belongs in content/locales; use t().',
  },
  {
    selector:
      'JSXAttribute[name.name=/^(aria-label|aria-description|placeholder|title|alt)$/] > Literal[value=/\\p{L}/u]',
    message: 'User-visible text belongs in content/locales; use t().',
  },
];

// One zod dialect everywhere: zod/mini, the one small enough for the web bundle (docs/decisions/024).
const zodPaths = [
  {
    name: 'zod',
    message:
      'Import zod/mini instead: one zod dialect everywhere (docs/decisions/024-zod-dialect.md).',
  },
];

const serverPattern = {
  group: ['@partak/web', '**/web/src/**', 'react'],
  message: 'The server never imports web code.',
};

const schemaPattern = {
  group: ['**/db/schema', '**/db/schema/*', '**/schema/index.ts'],
  allowTypeImports: true,
  message:
    'A table is read and written through its repository (`*-repository.ts`), not the schema.',
};

const restrict = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { paths: zodPaths, patterns }] },
});

export default tseslint.config(
  { ignores: ['**/dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'data/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  ...tseslint.configs.stylistic,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': ['error', ...userText],
    },
  },
  // Screens read data with useQuery/useSuspenseQuery and change it with useMutation, never by
  // awaiting in an effect (decision 021). Flat config keeps the last `no-restricted-syntax`.
  {
    files: ['web/src/features/**/*.{ts,tsx}', 'web/src/app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...userText,
        {
          selector:
            "CallExpression[callee.name='useEffect'] :matches(AwaitExpression, CallExpression[callee.property.name='then'])",
          message:
            'Read data with useQuery/useSuspenseQuery, change it with useMutation (docs/decisions/021-data-access.md).',
        },
      ],
    },
  },
  restrict(['**/*.{ts,tsx,js}'], []),
  // Imports flow one way: domain ← server, domain ← web; features never import each other.
  restrict(
    ['domain/**'],
    [
      {
        group: ['node:*', 'fs', 'path', 'react', 'react-*', 'fastify', '@partak/*'],
        message: 'domain/ is pure: no I/O, no framework.',
      },
    ],
  ),
  restrict(['server/**'], [serverPattern, schemaPattern]),
  // Each table has one repository (docs/decisions/023-table-repositories.md): only repositories,
  // the database's own code and tests import the schema.
  restrict(
    ['server/src/**/*-repository.ts', 'server/src/db/**', 'server/test/**', 'server/*.config.ts'],
    [serverPattern],
  ),
  restrict(['web/**'], webPatterns),
  ...features.map((feature) =>
    restrict(
      [`web/src/features/${feature}/**`],
      [
        ...webPatterns,
        {
          group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`, '@/app/*'],
          message: 'A feature never imports another feature or the app layer.',
        },
      ],
    ),
  ),
  restrict(
    ['web/src/components/**', 'web/src/lib/**', 'web/src/i18n/**'],
    [...webPatterns, sharedPattern],
  ),
  // The two files that are the way itself.
  restrict(['web/src/lib/content-loader.ts'], [webPattern, queryClientPattern, sharedPattern]),
  restrict(['web/src/lib/data/query-client.ts'], [webPattern, contentPattern, sharedPattern]),
  {
    files: ['**/*.test.{ts,tsx}', 'web/vite.config.ts', 'web/build/**'],
    rules: { 'no-restricted-imports': ['error', { paths: zodPaths }] },
  },
);
