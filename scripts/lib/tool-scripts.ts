// The npm scripts that run another tool (Astro, ESLint, Prettier, vitest, Playwright, wrangler): each has a
// usage of its own, takes the few options it documents and refuses any other, because the tools do not:
// `prettier --write . --bogus` only warns and formats anyway. scripts/tool.ts runs them through here.
import type { ParseArgsConfig } from 'node:util';
import { parseCommand, refuse, type CommandIo } from './cli.ts';

type Values = Record<string, string | boolean | undefined>;

interface ToolScript {
  usage: string;
  options?: ParseArgsConfig['options'];
  /** Whether the script takes paths (or test file filters) after its options. */
  paths?: boolean;
  /** The tool's command line for the options and paths given: its name under node_modules/.bin first. */
  command: (values: Values, paths: string[]) => string[];
}

const TEST_NAME = { 'test-name': { type: 'string', short: 't' } } as const;

/** A vitest run of one configuration, narrowed to some files (a part of their path) or test names. */
function vitestScript(script: string, config: string | null, what: string, example: string): ToolScript {
  return {
    usage: `usage: npm run ${script} [-- [FILTER ...] [-t NAME]]
  ${what}
  FILTER                only the test files whose path contains it
  -t, --test-name NAME  only the tests whose name matches NAME (a regular expression)
  For vitest's other options run npx vitest run${config ? ` -c ${config}` : ''} yourself.
examples:
  npm run ${script}
  npm run ${script} -- ${example}`,
    options: TEST_NAME,
    paths: true,
    command: (values, paths) => [
      'vitest',
      'run',
      ...(config ? ['-c', config] : []),
      ...(typeof values['test-name'] === 'string' ? ['-t', values['test-name']] : []),
      ...paths,
    ],
  };
}

/** Prettier over the paths given (default: the whole project, less .prettierignore), writing or checking. */
function prettierScript(script: string, mode: '--write' | '--check', what: string): ToolScript {
  return {
    usage: `usage: npm run ${script} [-- [PATH ...]]
  ${what} PATHs (default: the whole project, less .prettierignore).
examples:
  npm run ${script}
  npm run ${script} -- scripts/tool.ts docs`,
    paths: true,
    command: (_, paths) => ['prettier', mode, ...(paths.length > 0 ? paths : ['.'])],
  };
}

export const TOOL_SCRIPTS: Record<string, ToolScript> = {
  build: {
    usage: `usage: npm run build
  Builds the pages and the Worker into dist/ (astro build), the build npx wrangler deploy sends.`,
    command: () => ['astro', 'build'],
  },
  typecheck: {
    usage: `usage: npm run typecheck
  astro check: the .astro files and, through tsc, the .ts files; runs astro sync first, so it works on a
  fresh clone. About two minutes. Exits 1 on any error, warning or hint it reports as an error.`,
    command: () => ['astro', 'check'],
  },
  lint: {
    usage: `usage: npm run lint [-- [--fix] [PATH ...]]
  ESLint over PATHs (default: the whole project, as eslint.config.js scopes it): typescript-eslint, React's
  hooks rules, no import cycles, the folder rules. --fix rewrites what ESLint can fix.
examples:
  npm run lint
  npm run lint -- --fix scripts/tool.ts`,
    options: { fix: { type: 'boolean', default: false } },
    paths: true,
    command: (values, paths) => ['eslint', ...(values.fix ? ['--fix'] : []), ...(paths.length > 0 ? paths : ['.'])],
  },
  format: prettierScript('format', '--write', 'Rewrites with Prettier the'),
  'format:check': prettierScript('format:check', '--check', 'Checks with Prettier (exit 1 when one differs) the'),
  'migrate:local': {
    usage: `usage: npm run migrate:local [-- --persist-to DIR]
  Applies the D1 migrations (migrations/) to the local database under DIR (default .wrangler/state, the one
  npm start serves), printing wrangler's table of what it applied. npm start and the seed do it themselves.
examples:
  npm run migrate:local
  npm run migrate:local -- --persist-to .wrangler/try`,
    options: { 'persist-to': { type: 'string' } },
    command: (values) => [
      'wrangler',
      'd1',
      'migrations',
      'apply',
      'DB',
      '--local',
      ...(typeof values['persist-to'] === 'string' ? ['--persist-to', values['persist-to']] : []),
    ],
  },
  'test:unit': vitestScript('test:unit', null, 'Unit tests (Node): src/**/*.test.ts and scripts/**/*.test.ts.', 'scripts/lib -t refuses'),
  'test:integration': vitestScript(
    'test:integration',
    'vitest.integration.config.ts',
    'Integration tests: the API inside workerd against a real migrated local D1 (tests/integration).',
    'tests/integration/admin',
  ),
  'test:integration-split': vitestScript(
    'test:integration-split',
    'vitest.integration-split.config.ts',
    "The integration tests on a split install (PARTNER_STORE=objects: partner facts in each network's store).",
    'tests/integration/admin',
  ),
  'test:objects': vitestScript(
    'test:objects',
    'vitest.objects.config.ts',
    'Network store tests: workerd and Durable Objects (tests/objects).',
    'tests/objects',
  ),
  'test:wrangler': vitestScript(
    'test:wrangler',
    'vitest.wrangler.config.ts',
    'The built Worker under wrangler dev (tests/wrangler): run npm run build first.',
    'tests/wrangler',
  ),
  'test:e2e': {
    usage: `usage: npm run test:e2e [-- [SPEC ...] [--grep PATTERN]]
  Browser tests (Playwright; CHROMIUM_PATH, else /usr/bin/chromium-headless-shell, else /usr/bin/chromium) against the built site: run
  npm run build first. Starts the server on port 8790 (or E2E_PORT) with a fresh demo database, a few minutes.
  SPEC            only the spec files whose path contains it (e.g. tests/e2e/sign-in)
  --grep PATTERN  only the tests whose title matches PATTERN (a regular expression)
  For Playwright's other options run npx playwright test yourself.
examples:
  npm run test:e2e -- tests/e2e/sign-in.spec.ts
  E2E_PORT=8801 npm run test:e2e -- --grep 'signs in'`,
    options: { grep: { type: 'string' } },
    paths: true,
    command: (values, paths) => ['playwright', 'test', ...(typeof values.grep === 'string' ? ['--grep', values.grep] : []), ...paths],
  },
};

/**
 * The tool command line for `npm run <script> -- <args>`; prints the usage and exits 0 on --help, refuses
 * (exit 2) an option the script does not take or a path that would read as an option.
 * @example toolCommand('lint', ['--fix', 'src']) // ['eslint', '--fix', 'src']
 */
export function toolCommand(script: string, args: string[], io?: CommandIo): string[] {
  const tool = TOOL_SCRIPTS[script];
  if (!tool) throw new Error(`no tool script "${script}": scripts/lib/tool-scripts.ts lists ${Object.keys(TOOL_SCRIPTS).join(', ')}`);
  const { values, positionals } = parseCommand(
    tool.usage,
    { args, options: tool.options ?? {}, allowPositionals: tool.paths ?? false },
    io,
  );
  // After "--", "-x" is a positional, which the tool would read as its own option.
  const dashed = positionals.find((p) => p.startsWith('-'));
  if (dashed) refuse(tool.usage, `"${dashed}" is not a path: npm run ${script} takes no option of that name.`, io);
  return tool.command(values as Values, positionals);
}
