// The machine a benchmark ran on, printed with its figures: CPU, memory, load, Node and the local
// Cloudflare runtime's versions (wrangler, miniflare, workerd as this repository installs them).
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * An installed package's version (nested under wrangler first, where wrangler's own copies live).
 * @example packageVersion('workerd') // '1.20260114.0'
 */
export function packageVersion(pkg: string): string {
  for (const file of [`node_modules/wrangler/node_modules/${pkg}/package.json`, `node_modules/${pkg}/package.json`]) {
    try {
      return (JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as { version: string }).version;
    } catch {
      // not nested under wrangler: try the top level
    }
  }
  return 'unknown';
}

/**
 * The load average now (1, 5, 15 minutes).
 * @example loadAverage() // '2.81 2.31 2.18'
 */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

/**
 * One line: CPU model and count, memory, OS, load average, Node and the local runtime's versions.
 * @example console.log(`  machine: ${machine()}`)
 */
export function machine(): string {
  const cpus = os.cpus();
  return (
    `${cpus[0]?.model ?? 'unknown CPU'} x ${cpus.length}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}, ` +
    `load ${loadAverage()}; node ${process.version}, wrangler ${packageVersion('wrangler')}, ` +
    `miniflare ${packageVersion('miniflare')}, workerd ${packageVersion('workerd')}`
  );
}
