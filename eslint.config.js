// ESLint for the TypeScript of every area, its tests, benchmarks and tools (`npm run lint`).
//
// The project type-checks with TypeScript 7 (`npm run typecheck`), which has no JavaScript API; typescript-eslint
// parses with the JavaScript compiler and supports TypeScript below 6.1. package.json therefore installs a
// TypeScript 6.0 under the alias `typescript-for-eslint`, and this file sends typescript-eslint's
// `require('typescript')` there. The rules use no type information: the type checker's verdict is `npm run typecheck`.
import Module, { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const TS_FOR_ESLINT = path.dirname(require.resolve('typescript-for-eslint/package.json'));
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const ts = request === 'typescript' || request.startsWith('typescript/');
  return resolveFilename.call(this, ts ? TS_FOR_ESLINT + request.slice('typescript'.length) : request, ...rest);
};

const { default: js } = await import('@eslint/js');
const { defineConfig, globalIgnores } = await import('eslint/config');
const { default: globals } = await import('globals');
const { default: reactHooks } = await import('eslint-plugin-react-hooks');
const { default: tseslint } = await import('typescript-eslint');

export default defineConfig(
  globalIgnores(['dist/', 'data/', '.tmp/', 'public/', 'tests/e2e/screenshots/']),
  {
    linterOptions: { reportUnusedDisableDirectives: 'error', reportUnusedInlineConfigs: 'error' },
    languageOptions: { parserOptions: { tsconfigRootDir: import.meta.dirname } },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          caughtErrors: 'all',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // React code only: elsewhere (the e2e tests' `useBrowser`) a `use` prefix names no hook.
    files: ['{src,resources,dataProviders,tests/ui}/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'off' },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
);
