import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      'dist-releases/**',
      '**/node_modules/**',
      '**/.data/**',
      '**/drizzle/**',
      '**/coverage/**',
      '**/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Rules that read the types (from typescript-eslint's type-checked set, the ones that catch bugs rather than
    // style): a promise nobody waits for or catches, a promise where a callback must return nothing, awaiting what
    // is not a promise, throwing or rejecting what is not an Error, code built from strings. The packages' own
    // code, which their tsconfigs cover.
    files: [
      'api/**/*.ts',
      'e2e/**/*.ts',
      'bench/**/*.ts',
      'shell/src/**/*.{ts,tsx}',
      'shared/src/**/*.{ts,tsx}',
      'mf-*/src/**/*.{ts,tsx}',
    ],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-implied-eval': 'error',
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/prefer-promise-reject-errors': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
    },
  },
  {
    // A method handed on without its object loses `this`. Not in tests, which keep a global's own method to put back.
    files: [
      'api/src/**/*.ts',
      'shell/src/**/*.{ts,tsx}',
      'shared/src/**/*.{ts,tsx}',
      'mf-*/src/**/*.{ts,tsx}',
      'e2e/support/**/*.ts',
    ],
    ignores: ['**/*.test.{ts,tsx}', '**/test-*.{ts,tsx}'],
    rules: { '@typescript-eslint/unbound-method': 'error' },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The router and drag and drop are shared as one module each (shared/src/lib/router.ts, dnd.ts); importing
    // the packages bundles a second copy.
    files: ['shell/src/**', 'mf-*/src/**', 'shared/src/**'],
    ignores: [
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/test-*.ts',
      '**/test-*.tsx',
      'shared/src/lib/router.ts',
      'shared/src/lib/dnd.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router-dom',
              message: "Import the router from '@lifeboard/shared/lib/router' (one shared copy).",
            },
            {
              name: 'react-router',
              message: "Import the router from '@lifeboard/shared/lib/router' (one shared copy).",
            },
            ...['core', 'sortable', 'utilities'].map((name) => ({
              name: `@dnd-kit/${name}`,
              message: "Import drag and drop from '@lifeboard/shared/lib/dnd' (one shared copy).",
            })),
          ],
        },
      ],
    },
  },
);
