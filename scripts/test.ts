// `npm test`: unit, integration (workerd + real D1) and browser tests, then one closing tally.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromiumPath } from '../tests/e2e/chromium-path.ts';
import { checkDeploy } from './check-deploy.ts';
import { writeBuildStamp } from './lib/build-stamp.ts';
import { runCommand, WRANGLER_ENV } from './lib/run.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const REPORTS = path.join(ROOT, '.tmp', 'test-reports');

interface Tally { passed: number; failed: number }

function readVitest(file: string): Tally {
  if (!existsSync(file)) return { passed: 0, failed: 1 };
  const report = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number };
  return { passed: report.numPassedTests, failed: report.numFailedTests };
}

function readPlaywright(file: string): Tally {
  if (!existsSync(file)) return { passed: 0, failed: 1 };
  const { stats } = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number };
  };
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected };
}

async function vitest(name: string, args: string[]): Promise<Tally> {
  const out = path.join(REPORTS, `${name}.json`);
  const code = await runCommand('npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${out}`], { cwd: ROOT, env: WRANGLER_ENV });
  const tally = readVitest(out);
  return code === 0 || tally.failed > 0 ? tally : { ...tally, failed: tally.failed + 1 };
}

/** The build both the deploy check and the browser tests run against. */
async function build(): Promise<boolean> {
  if ((await runCommand('npx', ['astro', 'build'], { cwd: ROOT })) !== 0) return false;
  writeBuildStamp(ROOT);
  return true;
}

/** One check: wrangler's dry run accepts the build, the worker fits, the server code stays private. */
async function deploy(): Promise<Tally> {
  return (await checkDeploy(ROOT)) ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
}

async function browser(): Promise<Tally> {
  const chromium = chromiumPath();
  if (!chromium) {
    console.error('Browser tests need Chromium: run `apt-get install -y chromium` or set CHROMIUM_PATH.');
    return { passed: 0, failed: 1 };
  }
  const out = path.join(REPORTS, 'e2e.json');
  const code = await runCommand('npx', ['playwright', 'test', '--reporter=list,json'], {
    cwd: ROOT,
    env: { ...WRANGLER_ENV, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
  });
  const tally = readPlaywright(out);
  return code === 0 || tally.failed > 0 ? tally : { ...tally, failed: tally.failed + 1 };
}

mkdirSync(REPORTS, { recursive: true });
const started = Date.now();
const unit = await vitest('unit', []);
const integration = await vitest('integration', ['-c', 'vitest.integration.config.ts']);
const built = await build();
const failedBuild: Tally = { passed: 0, failed: 1 };
const tallies = [unit, integration, built ? await deploy() : failedBuild, built ? await browser() : failedBuild];
const passed = tallies.reduce((n, t) => n + t.passed, 0);
const failed = tallies.reduce((n, t) => n + t.failed, 0);
console.log(`\nsuite took ${((Date.now() - started) / 1000).toFixed(0)} s (unit, integration, deploy check, browser)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
