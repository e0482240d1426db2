import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const FEATURE_BOUNDARY_PATTERNS = [
  {
    // From another feature, a relative path into a feature folder (parent dirs, then e.g. classes/MembersPanel): internals of a feature.
    regex: `^(\\.\\./)+(${FEATURES.join('|')})/`,
    message: 'Import another feature only through its public entry (the feature folder itself); shared pieces belong in web/src/shared.',
  },
  {
    // features/auth/LoginPage from app/ or tests: the same rule seen from outside the features. A feature's
    // lazy entry `features/<name>/pages` (its pages loaded on demand, route-level code splitting) is public too.
    regex: '(^|/)features/[^/]+/(?!pages$)',
    message: 'Import a feature only through its public entry (features/<feature>).',
  },
];

/** Entry points (http/, grpc/) reach repositories, Prisma and other services only through the domain. */
const ENTRY_POINT_PATTERNS = [
  { group: ['**/data/*', '**/data/**'], message: 'http/ and grpc/ call the domain; repositories are reached through it.' },
  { group: ['**/clients/*', '**/clients/**'], message: 'http/ and grpc/ call the domain; gRPC clients of other services are reached through it.' },
  {
    group: ['**/generated/prisma', '**/generated/prisma/**'],
    message: 'http/ and grpc/ never touch Prisma; use the domain (types: re-export them there).',
  },
];

/** Folders of one outside technology each (docs/architecture.md, "Adapter folders"). */
const ADAPTER_FOLDERS = ['mail', 'calendar', 'csv', 'pdf', 'solver'];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/src/generated/**',
      'proto/src/gen/**',
      '.data/**',
      '**/*.d.ts',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Feature boundaries of the web app: a feature reaches another only through its public entry (features/<name>/index.ts);
    // app/ composes features through those entries; shared/ never imports a feature.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/shared/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: FEATURE_BOUNDARY_PATTERNS }] },
  },
  {
    files: ['web/src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)features(/|$)', message: 'shared/ is below the features: move the piece to shared/ or pass it in.' }] },
      ],
    },
  },
  {
    // Type-aware rules: a promise is awaited, returned or explicitly handed off (`void`), never dropped.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['services/*/prisma.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  // Layers inside a service (docs/architecture.md): entry points (http/, grpc/) -> domain/ -> data/ and clients/.
  // Entry points reach the database only through the domain; the domain knows no entry point; data access
  // and clients may use the domain's types (the words both sides speak) but never its use cases.
  // scripts/layer-rules.test.ts proves each rule fires.
  {
    files: ['services/*/src/http/**/*.ts', 'services/*/src/grpc/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ENTRY_POINT_PATTERNS }] },
  },
  {
    // Adapter folders (one outside technology each) are leaves: the domain imports them, never the reverse.
    files: ADAPTER_FOLDERS.map((folder) => `services/*/src/${folder}/**/*.ts`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['domain', 'http', 'grpc', 'data', 'clients', 'events'].flatMap((layer) => [`**/${layer}/*`, `**/${layer}/**`]),
              message: `${ADAPTER_FOLDERS.map((f) => `${f}/`).join(', ')} are leaves: they import nothing of their service outside their own folder.`,
            },
            { group: ['**/generated/prisma', '**/generated/prisma/**'], message: 'An adapter folder does not touch the database.' },
          ],
        },
      ],
    },
  },
  {
    files: ['services/*/src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/http/*', '**/http/**', '**/grpc/*', '**/grpc/**'], message: 'The domain does not know its entry points.' }] },
      ],
    },
  },
  {
    files: ['services/*/src/data/**/*.ts', 'services/*/src/clients/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/domain/*', '**/domain/**'],
              allowTypeImports: true,
              message: 'data/ and clients/ may use domain types (import type) but never call use cases.',
            },
          ],
        },
      ],
    },
  },
  {
    // The gateway talks to services over HTTP only, never through their code.
    files: ['gateway/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/services/**', '@stundenplan/*-service', '@stundenplan/*-service/**'], message: 'The gateway reaches services over HTTP only.' },
          ],
        },
      ],
    },
  },
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    // Small files with one responsibility, tests included (scripts/file-sizes.test.ts adds the stylesheets).
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    rules: {
      'max-lines': ['error', { max: 350 }],
      'max-lines-per-function': ['error', { max: 150 }],
    },
  },
);
