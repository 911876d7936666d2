// @ts-check
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import pluginRouter from '@tanstack/eslint-plugin-router';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'dist-mock', 'dist-server', 'dist-server.*.tmp', 'node_modules', 'data', 'test-results', 'playwright-report', 'artifacts', 'public/mockServiceWorker.js', 'src/routeTree.gen.ts', 'server/db/migrations', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, '@tanstack/query': pluginQuery, '@tanstack/router': pluginRouter },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...pluginQuery.configs.recommended.rules,
      ...pluginRouter.configs.recommended.rules,
    },
  },
  {
    // docs/architecture.md#layers-and-dependency-rules: no feature imports another feature; lib and api import no feature.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/include': ['src/**/*'],
      'boundaries/elements': [
        { type: 'contract', pattern: 'src/api/contract', mode: 'folder' },
        // Calendar days: a leaf module (imports nothing) that even the contract's validators use.
        { type: 'days', pattern: 'src/domain/days.ts', mode: 'file' },
        { type: 'api', pattern: 'src/api', mode: 'folder' },
        { type: 'lib', pattern: 'src/lib', mode: 'folder' },
        { type: 'domain', pattern: 'src/domain', mode: 'folder' },
        { type: 'feature', pattern: 'src/features/*', mode: 'folder', capture: ['feature'] },
        { type: 'components', pattern: 'src/components', mode: 'folder' },
        { type: 'routes', pattern: 'src/routes', mode: 'folder' },
        { type: 'app', pattern: 'src/*', mode: 'file' },
      ],
    },
    rules: {
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          rules: [
            { from: 'contract', allow: ['contract', 'days'] },
            { from: 'days', allow: [] },
            { from: 'domain', allow: ['domain', 'contract', 'days'] },
            { from: 'lib', allow: ['lib', 'contract', 'domain', 'days'] },
            { from: 'api', allow: ['api', 'contract', 'lib', 'domain', 'days'] },
            { from: 'components', allow: ['components', 'api', 'contract', 'lib', 'domain', 'days'] },
            { from: 'feature', allow: [['feature', { feature: '${from.feature}' }], 'components', 'api', 'contract', 'lib', 'domain', 'days'] },
            { from: 'routes', allow: ['routes', 'feature', 'components', 'api', 'contract', 'lib', 'domain', 'app', 'days'] },
            { from: 'app', allow: ['app', 'routes', 'feature', 'components', 'api', 'contract', 'lib', 'domain', 'days'] },
          ],
        },
      ],
    },
  },
  {
    // docs/architecture.md#layers-and-dependency-rules: the server never knows its hosts' stand-ins; mocks host the server (mock mode).
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/mocks/**', '**/mocks'], message: 'The server never imports the mocks.' },
            { group: ['**/src/**', '../src', '../../src'], message: 'Import the contract and the shared core through @/contract and @/domain.' },
          ],
        },
      ],
    },
  },
  {
    files: ['mocks/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/app', '**/server/index', '**/server/plugins/**', '**/server/cli/**', '**/server/ops/**'], message: 'Mock mode hosts the route table (server/api.ts), not the Fastify app or the operator tools.' },
            { group: ['**/src/**', '../src', '../../src'], message: 'Import the contract and the shared core through @/contract and @/domain.' },
          ],
        },
      ],
    },
  },
  {
    // The core is pure and browser-safe: the contract, itself, zod; no Node, no server, no React.
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'path', 'crypto'], message: 'src/domain runs in the browser too: no Node APIs.' },
            { group: ['**/server/**', '**/mocks/**', '**/features/**', '**/routes/**', '**/components/**', 'react', '@mantine/*'], message: 'src/domain imports only @/contract and itself.' },
          ],
        },
      ],
    },
  },
);
