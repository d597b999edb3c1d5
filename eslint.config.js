import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const features = [
  'auth',
  'system-stats',
  'shortcut-stories',
  'stories',
  'reels',
  'controller',
  'live-matches',
  'notifications',
  'policy',
  'ad-units',
  'inhouse-ads',
  'analytics',
  'video-categories',
  'videos',
  'feed',
];

/** A feature may not reach into another feature's folder (server and web alike). */
const featureZones = (root) =>
  features.map((feature) => ({
    target: `${root}/features/${feature}`,
    from: `${root}/features`,
    except: [`./${feature}`],
    message:
      'A feature must not import another feature; compose them in the app layer or use a platform registry.',
  }));

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      // Resolves `@/...`, extensionless and `.js`-suffixed TypeScript imports, so the zones below apply.
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['packages/*/tsconfig.json', 'e2e/tsconfig.json'],
          conditionNames: ['source', 'types', 'import', 'default'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Features add their tables to the app's one table type as `interface AppTables extends XTables {}`.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': 'off',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones('./packages/server/src'),
            ...featureZones('./packages/web/src'),
            {
              target: './packages/contract',
              from: ['./packages/server', './packages/web'],
              message: 'The contract imports neither the server nor the web app.',
            },
            {
              target: './packages/server/src/platform',
              from: './packages/server/src/features',
              message: 'The platform must not depend on a feature.',
            },
            {
              target: ['./packages/web/src/ui', './packages/web/src/lib'],
              from: ['./packages/web/src/features', './packages/web/src/app'],
              message: 'Shared UI and lib code must not depend on features or the app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@streamdesk/server/*', '@streamdesk/web/*', 'node:*'] },
      ],
    },
  },
  {
    // Plain Node scripts (start, test, benchmarks).
    files: ['scripts/**/*.mjs', 'bench/**/*.mjs', 'faults/**/*.mjs', 'packages/web/scripts/**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    // Playwright fixtures must destructure their (possibly empty) first argument.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['packages/contract/**/*.test.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The web and server projects share modules between a worker's test files (isolate: false), where a
    // module mock would not take or would leak: only *.mocked.test.* files, run isolated, may mock one.
    files: ['packages/web/src/**/*.test.{ts,tsx}', 'packages/server/src/**/*.test.ts'],
    ignores: ['packages/web/src/**/*.mocked.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock)$/]",
          message:
            'This file shares its modules with the other test files of its worker: name it *.mocked.test.* (web) to mock a module, or spy instead.',
        },
      ],
    },
  },
);
