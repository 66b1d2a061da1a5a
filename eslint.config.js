import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  globalIgnores([
    '**/dist/',
    '**/node_modules/',
    '.toolchain/',
    '.tsbuild/',
    '**/coverage/',
    '**/test-results/',
    '**/playwright-report/',
    'data/',
    '.tmp/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module' },
    rules: {
      // Named exports only: a thing keeps one name at every import, so a search or a rename finds them all.
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use a named export: the thing then has one name at every import.' },
        {
          selector: "ExportSpecifier[exported.name='default']",
          message: 'Use a named export: the thing then has one name at every import.',
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Tools read these files' default export.
    files: ['eslint.config.js', '**/vite.config.ts', '**/vitest.config.ts', '**/playwright.config.ts', 'web/e2e/global-setup.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['*.{js,ts}', 'server/**/*.ts', 'scripts/**/*.{js,ts}', 'fixtures/**/*.{js,ts}', 'web/*.ts', 'web/build/**', 'web/test/**', 'web/e2e/**'],
    languageOptions: { globals: globals.node },
  },
  {
    // The import rules' config: dependency-cruiser reads it as CommonJS.
    files: ['.dependency-cruiser.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['web/src/sw/sw.ts'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    // A function a newcomer can read in one sitting: a longer one is split into named steps
    // (sub-components, hooks, route groups). Tests' describe blocks are lists, not functions.
    files: ['server/src/**/*.ts', 'server/contract/src/**/*.ts', 'web/src/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 120 }] },
  },
  {
    // Server code logs through pino (request.log / app.log), never the console.
    files: ['server/src/**/*.ts'],
    rules: { 'no-console': 'error' },
  },
]);
