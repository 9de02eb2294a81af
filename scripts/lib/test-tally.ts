// npm test's tallies: each step's passed and failed tests, read from the reports vitest and Playwright write.
import { existsSync, readFileSync } from 'node:fs';

/** One step's count of passed and failed tests (a gate or a missing report counts as one check). */
export interface Tally {
  passed: number;
  failed: number;
}

export const PASSED: Tally = { passed: 1, failed: 0 };
export const FAILED: Tally = { passed: 0, failed: 1 };

/** A vitest JSON report's tally; a missing report is one failure. */
export function readVitest(file: string): Tally {
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

/** A Playwright JSON report's tally (retried passes count as passed, and are named); a missing report is one failure. */
export function readPlaywright(file: string): Tally {
  if (!existsSync(file)) return FAILED;
  const { stats, suites } = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number };
    suites: PlaywrightSuite[];
  };
  const flaky = suites.flatMap(flakyTitles);
  if (flaky.length > 0) console.log(`\npassed only on retry (${flaky.length}):\n${flaky.map((t) => `  ${t}`).join('\n')}`);
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected };
}
