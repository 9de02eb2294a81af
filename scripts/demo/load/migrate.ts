// Applies the D1 migrations to the local database with wrangler, before anything is written, saying each
// migration as wrangler finishes it (a fresh database takes a minute or more: one local run per migration).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { WRANGLER_ENV } from '../../lib/run.ts';

/** What wrangler is doing: the migrations it is about to apply, then each as it is applied. */
export type MigrationEvent =
  { kind: 'pending'; names: string[]; ms: number } | { kind: 'applied'; name: string; index: number; of: number; ms: number };

/** A row of wrangler's table of migrations: "│ 0001_accounts.sql   │" (with a status column after it once applying). */
const TABLE_ROW = /^│\s*(\S+\.sql)\s*│/;
/** Its question before applying, whose count is the number of migrations it will apply. */
const ABOUT_TO_APPLY = /About to apply (\d+) migration/;
/** The line wrangler prints as each migration's statements are done. */
const APPLIED = /commands executed successfully/;

/**
 * Reads wrangler's output a line at a time and calls `on` for each event, `ms` since the one before (or
 * the start). Nothing is called when there is nothing to apply. The clock is injected for tests.
 * @example const read = migrationReader((e) => console.log(e)); read('│ 0001_accounts.sql │')
 */
export function migrationReader(on: (event: MigrationEvent) => void, now: () => number = () => performance.now()): (line: string) => void {
  let last = now();
  let names: string[] = [];
  let of: number | null = null;
  let applied = 0;
  const since = () => {
    const at = now();
    const ms = at - last;
    last = at;
    return ms;
  };
  return (line) => {
    if (of === null) {
      const row = TABLE_ROW.exec(line.trim());
      if (row) names.push(row[1]!);
      const about = ABOUT_TO_APPLY.exec(line);
      if (!about) return;
      of = Number(about[1]);
      names = names.slice(0, of);
      on({ kind: 'pending', names, ms: since() });
    } else if (APPLIED.test(line)) {
      applied += 1;
      on({ kind: 'applied', name: names[applied - 1] ?? `migration ${applied}`, index: applied, of, ms: since() });
    }
  };
}

/**
 * A line for each event, as the seed prints its phases: "  0001_accounts.sql   2.3 s  1 of 32".
 * @example migrationLine({ kind: 'applied', name: '0001_accounts.sql', index: 1, of: 32, ms: 2300 })
 */
export function migrationLine(event: MigrationEvent): string {
  const seconds = `${(event.ms / 1000).toFixed(1)} s`.padStart(8);
  if (event.kind === 'pending') return `  ${`${event.names.length} to apply`.padEnd(32)} ${seconds}  (wrangler started)`;
  return `  ${event.name.padEnd(32)} ${seconds}  ${event.index} of ${event.of}`;
}

/**
 * `wrangler d1 migrations apply DB --local --persist-to <dir>`; rejects with wrangler's output on failure.
 * A benchmark with its own configuration names its binding and its wrangler.toml; `on` hears each
 * migration as it is applied (see migrationReader).
 * @example await applyMigrations(ROOT, STATE, { binding: 'SHARED', config: 'scripts/bench/split/wrangler.toml' })
 */
export function applyMigrations(
  root: string,
  persistTo: string,
  target: { binding: string; config?: string } = { binding: 'DB' },
  on?: (event: MigrationEvent) => void,
): Promise<void> {
  const wrangler = path.join(root, 'node_modules', '.bin', 'wrangler');
  const args = ['d1', 'migrations', 'apply', target.binding, '--local', '--persist-to', persistTo];
  if (target.config) args.push('-c', target.config);
  const read = on ? migrationReader(on) : null;
  return new Promise((resolve, reject) => {
    const child = spawn(wrangler, args, { cwd: root, env: WRANGLER_ENV, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let unread = '';
    // Decoded as text by the stream, so a table character split between two chunks stays whole.
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
      if (!read) return;
      const lines = (unread + chunk).split('\n');
      unread = lines.pop() ?? '';
      for (const line of lines) read(line);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`wrangler d1 migrations apply failed (exit ${code}):\n${output}`));
    });
  });
}
