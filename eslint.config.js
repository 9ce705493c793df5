// House rules as a tool: TypeScript-aware lint, one import style, no cycles, and the runtime
// layers (page / worker / shared / screens) kept apart, as tests/unit/layers.test.ts also checks.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import prettier from 'eslint-config-prettier';

const SCREENS = [
  './components',
  './entrypoints/popup',
  './entrypoints/options',
  './entrypoints/sidepanel',
  './entrypoints/pdf-viewer',
];

export default tseslint.config(
  { ignores: ['.output/**', '.wxt/**', '.tmp/**', 'node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver()] },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/first': 'error',
      // Across folders, the `@/` alias; `../` climbing out of a folder hides where code runs.
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../*'], message: 'Import across folders with the @/ alias.' }] },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './lib/page',
              from: ['./lib/worker', './components', './entrypoints'],
              message: 'Page code runs in web pages.',
            },
            {
              target: './lib/worker',
              from: ['./lib/page', './components', './entrypoints'],
              message: 'Worker code runs in the service worker.',
            },
            {
              target: './lib/shared',
              from: ['./lib/page', './lib/worker', './components', './entrypoints'],
              message: 'Shared code imports only shared code.',
            },
            ...SCREENS.map((target) => ({
              target,
              from: './lib/worker',
              message: 'A screen talks to the worker through messages.',
            })),
            {
              target: './entrypoints/page.content.ts',
              from: './lib/worker',
              message: 'The content script never loads worker code.',
            },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
    },
  },
  {
    // Tests, evals and the stand-in live outside the runtime layers and may climb to their support.
    files: ['tests/**', 'eval/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-restricted-imports': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
  prettier,
);
