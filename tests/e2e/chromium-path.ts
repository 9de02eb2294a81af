// Where the browser tests find Chromium: CHROMIUM_PATH, else Debian's package. Never downloaded.
import { existsSync } from 'node:fs';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** The Chromium binary to drive, or null when none is installed. */
export function chromiumPath(): string | null {
  const candidate = process.env.CHROMIUM_PATH || DEBIAN_CHROMIUM;
  return existsSync(candidate) ? candidate : null;
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
