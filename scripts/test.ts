// `npm test`: the gates (astro check, ESLint, Prettier), then unit, integration (workerd + real D1, then
// again split by network), network store (workerd + Durable Objects), the built Worker under wrangler dev and
// browser tests, then one closing tally.
// `npm test -- --skip-gates` runs the tests alone.
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { testChromiumPath } from '../tests/e2e/chromium-path.ts';
import { checkDeploy } from './check-deploy.ts';
import { buildDist } from './lib/build-stamp.ts';
import { startE2eServer } from './lib/e2e-server-process.ts';
import { runCommand, WRANGLER_ENV } from './lib/run.ts';
import { parseCommand } from './lib/cli.ts';
import { ensureLocalVars } from './lib/local-vars.ts';
import { FAILED, PASSED, readPlaywright, readVitest, type Tally } from './lib/test-tally.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const REPORTS = path.join(ROOT, '.tmp', 'test-reports');
/**
 * The browser tests run again on a split install (PARTNER_STORE=objects): the specs whose pages show
 * partner figures, which there come from the network stores and are merged by the Worker, and the
 * public channel page, whose revenue estimate reads a partner channel's facts from its store (and, once
 * its network opts in, the channel's own figures). The others (sign-in, menus, rankings, accessibility)
 * read nothing the split moves.
 */
const SPLIT_SPECS = [
  'dashboard-server-figures',
  'dashboard-cards',
  'dashboard-compare',
  'dashboard-formats',
  'details',
  'details-layout',
  'details-traffic',
  'details-search-terms',
  'analytics',
  'illegal',
  'profile-property',
  'public-channel',
  'network-public-figures',
];

/** The accessibility sweep: every page at two widths, in a lane of its own (see the browser lanes below). */
const SWEEP = 'accessibility';
/**
 * Specs that run in the sweep's pass (its server and database) rather than beside it, so the two browser
 * lanes end together: the sign-in and account specs, about 90 s of the other lane's 760 s in CI.
 */
const BESIDE_SWEEP = ['login', 'password', 'profile'];

interface BrowserPass {
  /** The report, log, state and output folder names. */
  name: string;
  /** Added to the server's environment. */
  env: Record<string, string>;
  /** Spec files (names under tests/e2e without .spec.ts); every spec when absent. */
  specs?: string[];
}

/**
 * A gate (an npm script) counts as one check: it passes when it exits 0; any error or finding fails it.
 * Its output goes to a log under the reports, printed whole when it ends (the gates run beside the build).
 */
async function gate(script: string): Promise<Tally> {
  const log = path.join(REPORTS, `${script}.log`);
  const fd = openSync(log, 'w');
  const code = await runCommand('npm', ['run', '--silent', script], { cwd: ROOT, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  process.stdout.write(`\n── ${script} (${log}) ──\n${readFileSync(log, 'utf8')}`);
  return code === 0 ? PASSED : FAILED;
}

/**
 * One vitest run; its JSON report gives the tally. With `quiet`, its output goes to a log under the
 * reports, printed whole when the run ends, so two runs at once still read as if each ran alone.
 */
async function vitest(name: string, args: string[], quiet = false): Promise<Tally> {
  const out = path.join(REPORTS, `${name}.json`);
  const log = path.join(REPORTS, `${name}.log`);
  const fd = quiet ? openSync(log, 'w') : null;
  const code = await runCommand('npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${out}`], {
    cwd: ROOT,
    env: WRANGLER_ENV,
    ...(fd === null ? {} : { stdio: ['ignore', fd, fd] }),
  });
  if (fd !== null) {
    closeSync(fd);
    process.stdout.write(`\n── ${name} (${log}) ──\n${readFileSync(log, 'utf8')}`);
  }
  const tally = readVitest(out);
  return code === 0 || tally.failed > 0 ? tally : { ...tally, failed: tally.failed + 1 };
}

/** The build both the deploy check and the browser tests run against: always made, stale or not. */
async function build(): Promise<boolean> {
  try {
    await buildDist(ROOT);
    return true;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return false;
  }
}

/** One check: wrangler's dry run accepts the build, the worker fits, the server code stays private. */
async function deploy(): Promise<Tally> {
  return (await checkDeploy(ROOT)) ? PASSED : FAILED;
}

/**
 * Starts the demo server itself (free port, a fresh database of the pass's own) and runs Playwright
 * against it once it answers: a server that fails to start is reported with its stderr at once instead
 * of after a timeout. The output goes to a log under the reports, printed whole when the pass ends, so
 * passes run at once still read as if each ran alone.
 */
async function browser(pass: BrowserPass): Promise<Tally> {
  const chromium = testChromiumPath();
  if (!chromium) {
    console.error('Browser tests need Chromium: run `apt-get install -y chromium chromium-headless-shell` or set CHROMIUM_PATH.');
    return FAILED;
  }
  const serverLog = path.join('.tmp', `${pass.name}-server.log`);
  let server;
  try {
    server = await startE2eServer(ROOT, serverLog, { ...pass.env, E2E_STATE: `.wrangler/${pass.name}` });
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return FAILED;
  }
  const out = path.join(REPORTS, `${pass.name}.json`);
  const log = path.join(REPORTS, `${pass.name}.log`);
  const fd = openSync(log, 'w');
  const specs = (pass.specs ?? []).map((spec) => `tests/e2e/${spec}.spec.ts`);
  // Each pass its own output folder: Playwright empties it when it starts, and passes run at once.
  const output = ['--output', path.join('.tmp', 'test-results', pass.name)];
  try {
    const code = await runCommand('npx', ['playwright', 'test', ...specs, ...output, '--reporter=list,json'], {
      cwd: ROOT,
      env: { ...WRANGLER_ENV, PLAYWRIGHT_JSON_OUTPUT_NAME: out, E2E_BASE_URL: server.url },
      stdio: ['ignore', fd, fd],
    });
    process.stdout.write(`\n── ${pass.name}: against ${server.url} (server log: ${serverLog}; ${log}) ──\n${readFileSync(log, 'utf8')}`);
    const tally = readPlaywright(out);
    return code === 0 || tally.failed > 0 ? tally : { ...tally, failed: tally.failed + 1 };
  } finally {
    closeSync(fd);
    await server.stop();
  }
}

/** Where npm test seeds the browser passes' states once, by layout (see seedOnce). */
const SEEDED_STATE = '.wrangler/e2e-seed';
const SPLIT_SEEDED_STATE = '.wrangler/e2e-seed-split';

/**
 * Seeds the demo dataset once into a state the browser passes of a layout copy (E2E_SEEDED); false (each
 * pass then seeds its own, as a hand run does) when the seed fails, whose output says why.
 */
async function seedOnce(state: string, env: Record<string, string> = {}): Promise<boolean> {
  ensureLocalVars(ROOT);
  rmSync(path.join(ROOT, state), { recursive: true, force: true });
  const log = path.join(REPORTS, `${path.basename(state)}.log`);
  const fd = openSync(log, 'w');
  const code = await runCommand('npx', ['tsx', 'scripts/seed.ts', '--persist-to', state], {
    cwd: ROOT,
    env: { ...WRANGLER_ENV, ...env },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  if (code !== 0) process.stdout.write(`\nthe browser passes' seed failed (${log}):\n${readFileSync(log, 'utf8')}`);
  return code === 0;
}

const USAGE = `usage: npm test [-- --skip-gates]
  The whole suite, in three stages of two lanes each. First the gates (ESLint, Prettier, astro check),
  the unit tests and the built Worker under wrangler dev, beside the build, the deploy check and the
  browser passes' seeds. Then the integration tests (workerd and a real local D1), beside the same
  integration tests split by network (the files that reach the network stores) and the network store
  tests. Then the browser tests (Chromium): every spec but the accessibility sweep and the account specs,
  beside the sweep and the account specs, then the split install's browser tests. A lane's output is
  printed as each of its steps ends (the build lane's as it runs). Ends with a line per step (its tally
  and seconds) and one "N passed, N failed" line; exits 1 when anything failed. Reports and server logs:
  .tmp/test-reports/.
  --skip-gates  run the tests alone, without astro check, ESLint and Prettier`;
const { values } = parseCommand(USAGE, { options: { 'skip-gates': { type: 'boolean', default: false } } });
mkdirSync(REPORTS, { recursive: true });
const started = Date.now();
/** Each step's tally and how long it took (steps in a lane run beside another lane's, so they overlap). */
const steps: [string, Tally, number][] = [];
const timed = async (name: string, run: () => Promise<Tally>): Promise<[string, Tally, number]> => {
  const from = Date.now();
  const tally = await run();
  return [name, tally, (Date.now() - from) / 1000];
};
/** Runs steps one after another; each waits for the one before. */
const inTurn = async (...lane: [string, () => Promise<Tally>][]) => {
  const done: [string, Tally, number][] = [];
  for (const [name, run] of lane) done.push(await timed(name, run));
  return done;
};
// First two lanes at once, each mostly one core: the gates, the unit tests and the built Worker under
// wrangler dev (killed mid-load and started again, tests/wrangler), and beside them the build, the deploy
// check and the browser passes' two seeds. The first lane's output is printed as each step ends; the
// other lane prints as it runs. astro check runs third in its lane: the build's own astro sync is over by then.
// Whether the build succeeded, once it has ended: the one fact every step on the built Worker waits for.
let buildEnded: Promise<boolean> = Promise.resolve(false);
let seeded: Record<string, string> = {};
const SPLIT = { PARTNER_STORE: 'objects' };
let splitSeeded: Record<string, string> = SPLIT;
const [checks, making] = await Promise.all([
  inTurn(
    ...((values['skip-gates']
      ? []
      : [
          ['eslint', () => gate('lint')],
          ['prettier', () => gate('format:check')],
          // typecheck is astro check: it runs astro sync first, so it works on a fresh clone, and checks the .ts files too.
          ['astro check', () => gate('typecheck')],
        ]) as [string, () => Promise<Tally>][]),
    ['unit', () => vitest('unit', [], true)],
    // After the unit tests, on the build the other lane made first (this lane was the shorter one).
    ['wrangler', async () => ((await buildEnded) ? vitest('wrangler', ['-c', 'vitest.wrangler.config.ts'], true) : FAILED)],
  ),
  inTurn(
    [
      'build and deploy check',
      async () => {
        buildEnded = build();
        return (await buildEnded) ? deploy() : FAILED;
      },
    ],
    [
      'browser seeds',
      async () => {
        // The two passes of the default layout copy one seed (E2E_SEEDED) instead of seeding at once each,
        // and the split install's pass copies its own, seeded here rather than on the browser stage's clock.
        if (!(await buildEnded)) return PASSED;
        if (await seedOnce(SEEDED_STATE)) seeded = { E2E_SEEDED: SEEDED_STATE };
        if (await seedOnce(SPLIT_SEEDED_STATE, SPLIT)) splitSeeded = { ...SPLIT, E2E_SEEDED: SPLIT_SEEDED_STATE };
        return PASSED;
      },
    ],
  ),
]);
steps.push(...checks, ...making.filter(([name]) => name !== 'browser seeds'));
const built = await buildEnded;
// Two lanes at once: the integration tests, and beside them the same integration tests on a split install
// (the files whose tests reach the network stores, vitest.integration-split.config.ts) then the network
// store tests. Each of these runs keeps one workerd runtime, one core, busy; the tally keeps the steps' order.
const [integrationLane, splitLane] = await Promise.all([
  inTurn(['integration', () => vitest('integration', ['-c', 'vitest.integration.config.ts'], true)]),
  inTurn(
    ['integration split', () => vitest('integration-split', ['-c', 'vitest.integration-split.config.ts'], true)],
    ['objects', () => vitest('objects', ['-c', 'vitest.objects.config.ts'], true)],
  ),
]);
steps.push(...integrationLane, ...splitLane);
// The browser tests in two lanes at once, each pass against a server and database of its own: the
// accessibility sweep (with the specs of BESIDE_SWEEP) then the split install's pass, and beside them every
// other spec.
const browserPass = (pass: BrowserPass) => (built ? browser(pass) : Promise.resolve(FAILED));
const others = readdirSync(path.join(ROOT, 'tests', 'e2e'))
  .filter((file) => file.endsWith('.spec.ts'))
  .map((file) => file.slice(0, -'.spec.ts'.length))
  .filter((spec) => spec !== SWEEP && !BESIDE_SWEEP.includes(spec));
const [browserLane, sweepLane] = await Promise.all([
  inTurn(['browser', () => browserPass({ name: 'e2e', env: seeded, specs: others })]),
  inTurn(
    ['sweep and accounts', () => browserPass({ name: 'e2e-sweep', env: seeded, specs: [SWEEP, ...BESIDE_SWEEP] })],
    ['browser split', () => browserPass({ name: 'e2e-split', env: splitSeeded, specs: SPLIT_SPECS })],
  ),
]);
steps.push(...browserLane, ...sweepLane);

const passed = steps.reduce((n, [, t]) => n + t.passed, 0);
const failed = steps.reduce((n, [, t]) => n + t.failed, 0);
console.log(`\nsuite took ${((Date.now() - started) / 1000).toFixed(0)} s${built ? '' : ' (the build failed)'}`);
for (const [name, t, s] of steps) console.log(`  ${name.padEnd(22)} ${t.passed} passed, ${t.failed} failed  (${s.toFixed(0)} s)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
