// ESLint: typescript-eslint's recommended rules, React's hooks rules, no import cycles, and the
// architecture's import rules (README, Architecture): which folder may import which.
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Folders the browser runs: they never see server code, not even its types (shared types live in src/lib). */
const BROWSER = ['./src/islands', './src/stores', './src/client'];

export default tseslint.config(
  { ignores: ['dist/', '.astro/', '.wrangler/', '.tmp/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
      // Only TypeScript is parsed to follow imports; .astro and .css files are leaves of the graph.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/ignore': ['\\.(astro|css|svg|json)$'],
    },
    rules: {
      // Cycles among the project's own modules; following packages' imports would only cost time.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...BROWSER.map((target) => ({
              target,
              from: './src/server',
              message: 'browser code never imports src/server, not even types: move what both need to src/lib.',
            })),
            {
              target: './src/server',
              from: ['./src/islands', './src/components', './src/stores', './src/client'],
              message: 'server code never imports browser or page code.',
            },
            {
              target: './src/lib',
              from: ['./src/server', './src/islands', './src/components', './src/stores', './src/client'],
              message: 'src/lib is pure, isomorphic code: it imports neither server nor browser code.',
            },
          ],
        },
      ],
      // `_name` marks an argument or binding kept on purpose (a callback's position, a destructured rest).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // Log lines go through src/server/log (structured, with the request's id); the browser logs nothing.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/log/log.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    // Components and the hooks beside them (use-*.ts), wherever the browser code keeps them.
    files: ['src/**/*.tsx', 'src/{islands,stores,client}/**/*.ts'],
    ...reactHooks.configs.flat.recommended,
  },
);
