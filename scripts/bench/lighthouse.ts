// Lighthouse (mobile, performance only) through Debian's Chromium: the score and its key timings,
// for a visitor or, with a session cookie, for a signed-in page.
import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromiumPath } from '../../tests/e2e/chromium-path.ts';

const run = promisify(execFile);

export interface LighthouseResult {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

/**
 * Runs lighthouse 12 on a URL with its default mobile emulation and simulated throttling; a cookie
 * ("vd_session=...") goes with every request the page makes, so /dashboard can be measured signed in.
 * @example await lighthouseScore('http://localhost:8798/dashboard', { cookie })
 */
export async function lighthouseScore(url: string, options: { cookie?: string } = {}): Promise<LighthouseResult> {
  const chrome = chromiumPath();
  if (!chrome) throw new Error('No Chromium found. Install it with `apt-get install -y chromium` or set CHROMIUM_PATH.');
  const out = path.join(os.tmpdir(), `lighthouse-${process.pid}-${Date.now()}.json`);
  await runLighthouse(url, out, chrome, options.cookie);
  const report = JSON.parse(readFileSync(out, 'utf8')) as {
    categories: { performance: { score: number } };
    audits: Record<string, { numericValue?: number }>;
  };
  rmSync(out, { force: true });
  return {
    score: Math.round(report.categories.performance.score * 100),
    lcpMs: report.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: report.audits['total-blocking-time']?.numericValue ?? NaN,
    cls: report.audits['cumulative-layout-shift']?.numericValue ?? NaN,
  };
}

/** Lighthouse's own trace sometimes fails to start (NO_NAVSTART, NO_FCP): it asks to be run again, so it is, once. */
const RETRIED_ERRORS = /NO_NAVSTART|NO_FCP|Please run Lighthouse again/;

async function runLighthouse(url: string, out: string, chrome: string, cookie: string | undefined): Promise<void> {
  const args = [
    'lighthouse',
    url,
    '--only-categories=performance',
    '--output=json',
    `--output-path=${out}`,
    '--quiet',
    ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
  ];
  const options = { env: { ...process.env, CHROME_PATH: chrome }, maxBuffer: 64 * 1024 * 1024 };
  try {
    await run('npx', args, options);
  } catch (error) {
    if (!RETRIED_ERRORS.test(String((error as { stderr?: string }).stderr ?? error))) throw error;
    await run('npx', args, options);
  }
}
