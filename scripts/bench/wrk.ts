// Load runs with wrk (Debian's `apt-get install wrk`): latency percentiles to the microsecond, which
// autocannon rounds to whole milliseconds, and throughput; cached or uncached.
import { execFile, spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { LoadResult } from './load.ts';

const run = promisify(execFile);
const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

/** Whether wrk is on PATH (its --version exits 1 after printing the banner, so only a missing binary fails to start). */
export function hasWrk(): boolean {
  return spawnSync('wrk', ['--version']).error === undefined;
}

/** A wrk duration ("612.00us", "1.02ms", "1.50s") in ms. */
function durationMs(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) throw new Error(`wrk printed a latency it could not be read from: "${text}"`);
  return Number(match[1]) * UNIT_MS[match[2]!]!;
}

function percentile(out: string, p: number): number {
  const match = new RegExp(`^\\s+${p}%\\s+(\\S+)$`, 'm').exec(out);
  if (!match) throw new Error(`wrk printed no ${p}% latency:\n${out}`);
  return durationMs(match[1]!);
}

/** Gives every request its own URL (the page ignores the parameter, the cache key keeps it). */
function bustingScript(pagePath: string): string {
  const joiner = pagePath.includes('?') ? '&' : '?';
  const file = path.join(os.tmpdir(), `wrk-bust-${process.pid}-${Date.now()}.lua`);
  const prefix = JSON.stringify(`${pagePath}${joiner}_bench=${Date.now()}-`);
  writeFileSync(file, `local n = 0\nrequest = function()\n  n = n + 1\n  return wrk.format(nil, ${prefix} .. n)\nend\n`);
  return file;
}

/**
 * Runs `connections` clients (one wrk thread) against one path for `seconds`. Cached runs warm the
 * page first so the first miss is not counted.
 * @example await wrkRun('http://localhost:8798', '/channels', { cached: true, seconds: 5, connections: 10 })
 */
export async function wrkRun(
  base: string,
  pagePath: string,
  options: { cached: boolean; seconds: number; connections: number },
): Promise<LoadResult> {
  if (options.cached) await (await fetch(`${base}${pagePath}`)).arrayBuffer();
  const script = options.cached ? null : bustingScript(pagePath);
  try {
    const args = ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '--latency', ...(script ? ['-s', script] : [])];
    const { stdout } = await run('wrk', [...args, `${base}${pagePath}`], { maxBuffer: 1024 * 1024 });
    const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0);
    const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
    const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
    return {
      p50: percentile(stdout, 50),
      p99: percentile(stdout, 99),
      rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? NaN),
      errors: non2xx + socketErrors,
    };
  } finally {
    if (script) rmSync(script, { force: true });
  }
}
