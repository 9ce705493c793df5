// House rules as a tool: TypeScript-aware lint, one import style, no cycles, and the runtime
// layers (page / worker / shared / screens) kept apart by the zones of layers.js, the one table that
// tests/unit/layers.test.ts checks every import against as well.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import prettier from 'eslint-config-prettier';
import { importZones } from './layers.js';

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
          zones: importZones(),
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
    // The extension's pages are one build that shares zod's core between them: full zod in any
    // of them (its method-chaining classes reach every string format: email, uuid, ip, dates…)
    // keeps all of that core, and the popup's first load carries it (7.7 kB gzipped,
    // tests/e2e/screen-bundle.test.ts). Pages and what they load check with zod/mini; only the
    // service worker, a build of its own, uses full zod.
    files: ['components/**', 'entrypoints/**', 'lib/shared/**', 'lib/page/**', 'lib/offscreen/**'],
    ignores: ['entrypoints/background.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'Pages share zod’s core: use zod/mini (full zod only in the worker).' }],
          patterns: [{ group: ['../*'], message: 'Import across folders with the @/ alias.' }],
        },
      ],
    },
  },
  {
    // Tests, evals and the stand-in live outside the runtime layers and may climb to their support.
    files: ['tests/**', 'eval/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-restricted-imports': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // A test beside its module may drive the stages it exercises together (the pipeline with a
    // reply reader, a prompt with the native citations'); the runtime layers still hold for it.
    files: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: importZones({ stages: false }) }] },
  },
  prettier,
);
