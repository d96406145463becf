import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The web app's features (web/src/features/<name>): each reached by others only through its index.ts. */
const FEATURES = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const WEB_IMPORT_PATTERNS = [
  { group: ['../../features/*/**', '../features/*/**'], message: 'Import features through src/app, not from each other.' },
  { group: ['@plates/server', '**/server/src/**'], message: 'The web app never imports server code.' },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'server/src/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // features stay independent: a feature never imports another feature's internals
      'no-restricted-imports': ['error', { patterns: WEB_IMPORT_PATTERNS }],
    },
  },
  {
    // Inside a feature, another feature is reached through its index.ts only ('../../posts'), never
    // its files ('../../posts/components/post-card').
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...WEB_IMPORT_PATTERNS,
            {
              regex: `^(?:\\.\\./){1,2}(?:${FEATURES.join('|')})/`,
              message: "Import another feature through its index.ts ('../../posts'), not its files.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['common/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|vitest$|\\.{1,2}/)', message: 'common imports nothing but zod.' }] },
      ],
    },
  },
  {
    // No import circles, on either side, dynamic imports included: a circle makes module start-up
    // order matter and hides which module depends on which. A lazy chunk and the file that loads it
    // share code through a third file (a menu's code and the button that stands in for it).
    files: ['common/**/*.ts', 'server/**/*.ts', 'web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['common/tsconfig.json', 'server/tsconfig.json', 'web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // A module is reached through its service (or a narrow exported function), never through
    // another module's repository: the SQL of a module is its own. app.ts wires them; tests may
    // read any repository.
    files: ['server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../*/*.repository', '../*/*.repository.js'], message: "Use the other module's service, not its repository." },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'server/src/scripts/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
