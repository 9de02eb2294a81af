// `npm test`: the gates (astro check, ESLint, Prettier), then unit, integration (workerd + real D1, then
// again split by network), network store (workerd + Durable Objects), the built Worker under wrangler dev and
// browser tests, then one closing tally.
// `npm test -- --skip-gates` runs the tests alone.
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { chromiumPath } from '../tests/e2e/chromium-path.ts';
import { checkDeploy } from './check-deploy.ts';
import { buildDist } from './lib/build-stamp.ts';
import { startE2eServer } from './lib/e2e-server-process.ts';
import { runCommand, WRANGLER_ENV } from './lib/run.ts';
import { parseCommand } from './lib/cli.ts';
import { ensureLocalVars } from './lib/local-vars.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const REPORTS = path.join(ROOT, '.tmp', 'test-reports');
/**
 * The browser tests run again on a split install (PARTNER_STORE=objects): the specs whose pages show
 * partner figures, which there come from the network stores and are merged by the Worker, and the
 * public channel page, whose revenue estimate reads a partner channel's facts from its store. The
 * others (sign-in, menus, rankings, accessibility) read nothing the split moves.
 */
const SPLIT_SPECS = [
  'dashboard-server-figures',
  'dashboard-cards',
  'dashboard-compare',
  'details',
  'analytics',
  'illegal',
  'profile-property',
  'public-channel',
];

/** The accessibility sweep: every page at two widths, in a lane of its own (see the browser lanes below). */
const SWEEP = 'accessibility';

interface BrowserPass {
  /** The report, log, state and output folder names. */
  name: string;
  /** Added to the server's environment. */
  env: Record<string, string>;
  /** Spec files (names under tests/e2e without .spec.ts); every spec when absent. */
  specs?: string[];
}

interface Tally {
  passed: number;
  failed: number;
}

const PASSED: Tally = { passed: 1, failed: 0 };
const FAILED: Tally = { passed: 0, failed: 1 };

function readVitest(file: string): Tally {
  if (!existsSync(file)) return FAILED;
  const report = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number };
  return { passed: report.numPassedTests, failed: report.numFailedTests };
}

interface PlaywrightSuite {
  title: string;
  specs?: { title: string; tests: { status: string }[] }[];
  suites?: PlaywrightSuite[];
}

/** Titles of the tests that passed only on their retry, so a run never hides them. */
function flakyTitles(suite: PlaywrightSuite): string[] {
  const own = (suite.specs ?? []).filter((s) => s.tests.some((t) => t.status === 'flaky')).map((s) => `${suite.title} › ${s.title}`);
  return [...own, ...(suite.suites ?? []).flatMap(flakyTitles)];
}

function readPlaywright(file: string): Tally {
  if (!existsSync(file)) return FAILED;
  const { stats, suites } = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number };
    suites: PlaywrightSuite[];
  };
  const flaky = suites.flatMap(flakyTitles);
  if (flaky.length > 0) console.log(`\npassed only on retry (${flaky.length}):\n${flaky.map((t) => `  ${t}`).join('\n')}`);
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected };
}

/** A gate (an npm script) counts as one check: it passes when it exits 0; any error or finding fails it. */
async function gate(script: string): Promise<Tally> {
  return (await runCommand('npm', ['run', '--silent', script], { cwd: ROOT })) === 0 ? PASSED : FAILED;
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
  const chromium = chromiumPath();
  if (!chromium) {
    console.error('Browser tests need Chromium: run `apt-get install -y chromium` or set CHROMIUM_PATH.');
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

/** Where npm test seeds the browser passes' default layout once (see seedOnce). */
const SEEDED_STATE = '.wrangler/e2e-seed';

/**
 * Seeds the demo dataset once for the browser passes of the default layout; false (each pass then seeds
 * its own, as a hand run does) when the seed fails, whose output says why.
 */
async function seedOnce(): Promise<boolean> {
  ensureLocalVars(ROOT);
  rmSync(path.join(ROOT, SEEDED_STATE), { recursive: true, force: true });
  const log = path.join(REPORTS, 'e2e-seed.log');
  const fd = openSync(log, 'w');
  const code = await runCommand('npx', ['tsx', 'scripts/seed.ts', '--persist-to', SEEDED_STATE], {
    cwd: ROOT,
    env: WRANGLER_ENV,
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  if (code !== 0) process.stdout.write(`\nthe browser passes' seed failed (${log}):\n${readFileSync(log, 'utf8')}`);
  return code === 0;
}

const USAGE = `usage: npm test [-- --skip-gates]
  The whole suite: the gates (astro check, ESLint, Prettier), unit tests, then two lanes at once (the
  integration tests, workerd and a real local D1, then the network store tests; beside them the same
  integration tests split by network: their output is printed as each ends), the build and deploy check,
  the built Worker under wrangler dev, then the browser tests (Chromium) in two lanes at once (every
  spec but the accessibility sweep; beside it the sweep, then the split install's browser tests), each
  printed as it ends. Other steps print their output as they run; about 27 minutes on a shared 2-core machine. Ends with a line per step and one "N passed, N failed" line;
  exits 1 when anything failed. Reports and server logs: .tmp/test-reports/.
  --skip-gates  run the tests alone, without astro check, ESLint and Prettier`;
const { values } = parseCommand(USAGE, { options: { 'skip-gates': { type: 'boolean', default: false } } });
mkdirSync(REPORTS, { recursive: true });
const started = Date.now();
const steps: [string, Tally][] = [];
const step = async (name: string, run: () => Promise<Tally>) => {
  steps.push([name, await run()]);
};
if (!values['skip-gates']) {
  // typecheck is astro check: it runs astro sync first, so it works on a fresh clone, and checks the .ts files too.
  await step('astro check', () => gate('typecheck'));
  await step('eslint', () => gate('lint'));
  await step('prettier', () => gate('format:check'));
}
await step('unit', () => vitest('unit', []));
// Two lanes at once: the integration tests then the network store tests, and beside them the same
// integration tests on a split install (every figure they check read from the network stores). Each of
// these runs keeps one workerd runtime, one core, busy; the tally keeps the steps' order.
const [[integrationTally, objectsTally], splitTally] = await Promise.all([
  (async () => [
    await vitest('integration', ['-c', 'vitest.integration.config.ts'], true),
    await vitest('objects', ['-c', 'vitest.objects.config.ts'], true),
  ])(),
  vitest('integration-split', ['-c', 'vitest.integration-split.config.ts'], true),
]);
steps.push(['integration', integrationTally ?? FAILED], ['integration split', splitTally], ['objects', objectsTally ?? FAILED]);
const built = await build();
await step('deploy check', () => (built ? deploy() : Promise.resolve(FAILED)));
// The built Worker under wrangler dev, killed mid-load and started again (tests/wrangler): needs the build.
await step('wrangler', () => (built ? vitest('wrangler', ['-c', 'vitest.wrangler.config.ts']) : Promise.resolve(FAILED)));
// The browser tests in two lanes at once, each pass against a server and database of its own: the
// accessibility sweep (a third of the tests' time) then the split install's pass, and beside them every
// other spec. The split install's server seeds while the other lane's tests run.
const browserPass = (pass: BrowserPass) => (built ? browser(pass) : Promise.resolve(FAILED));
// The two passes of the default layout copy one seed (E2E_SEEDED) instead of seeding at once each.
const seeded: Record<string, string> = built && (await seedOnce()) ? { E2E_SEEDED: SEEDED_STATE } : {};
const others = readdirSync(path.join(ROOT, 'tests', 'e2e'))
  .filter((file) => file.endsWith('.spec.ts'))
  .map((file) => file.slice(0, -'.spec.ts'.length))
  .filter((spec) => spec !== SWEEP);
const [[sweepPass, splitPass], othersPass] = await Promise.all([
  (async () => [
    await browserPass({ name: 'e2e-sweep', env: seeded, specs: [SWEEP] }),
    await browserPass({ name: 'e2e-split', env: { PARTNER_STORE: 'objects' }, specs: SPLIT_SPECS }),
  ])(),
  browserPass({ name: 'e2e', env: seeded, specs: others }),
]);
steps.push(['browser', othersPass], ['accessibility', sweepPass ?? FAILED], ['browser split', splitPass ?? FAILED]);

const passed = steps.reduce((n, [, t]) => n + t.passed, 0);
const failed = steps.reduce((n, [, t]) => n + t.failed, 0);
console.log(`\nsuite took ${((Date.now() - started) / 1000).toFixed(0)} s${built ? '' : ' (the build failed)'}`);
for (const [name, t] of steps) console.log(`  ${name.padEnd(17)} ${t.passed} passed, ${t.failed} failed`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
