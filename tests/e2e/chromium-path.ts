// Where the browser tests and benchmarks find Chromium: CHROMIUM_PATH, else Debian's packages. Never downloaded.
import { existsSync } from 'node:fs';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
/**
 * Debian's build of Chromium's headless shell (package chromium-headless-shell), the browser Playwright
 * itself drives headless. The browser tests prefer it: on two cores the full browser in its new headless
 * mode spent ≈ 1 s of CPU on every new page's context, the shell ≈ 0.25 s, and a test's wall time fell by
 * a third to a half (tests/e2e/analytics.spec.ts: 3.3–4.9 s a test against 1.9–2.5 s).
 */
const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** The Chromium binary the benchmarks drive (the full browser, as a visitor meets the pages), or null. */
export function chromiumPath(): string | null {
  const candidate = process.env.CHROMIUM_PATH || DEBIAN_CHROMIUM;
  return existsSync(candidate) ? candidate : null;
}

/**
 * The binary the browser tests drive: CHROMIUM_PATH, else the headless shell, else the full browser;
 * null when none is installed.
 */
export function testChromiumPath(): string | null {
  if (process.env.CHROMIUM_PATH) return chromiumPath();
  return existsSync(DEBIAN_HEADLESS_SHELL) ? DEBIAN_HEADLESS_SHELL : chromiumPath();
}

/**
 * The Chromium binary, or an error saying how to get one (for the benchmarks that drive it).
 * @example chromium.launch({ executablePath: requireChromium() })
 */
export function requireChromium(): string {
  const found = chromiumPath();
  if (!found) throw new Error('No Chromium found. Install it with `apt-get install -y chromium` or set CHROMIUM_PATH.');
  return found;
}
