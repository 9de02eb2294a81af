// Every command a person runs (package.json's scripts and the files run by hand) answers --help with
// its usage and refuses an unknown option with one line naming it (exit 2), never a stack trace.
// Spawning all of them takes minutes on a busy machine: by default every one is checked to parse its
// command line with parseCommand, and a sample is run; CLI_SWEEP=all runs every one, each package.json
// script as a person does (npm run <script> -- --help), so the script's own command line is tested too.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** Files run directly, named in README and docs rather than in package.json. */
const RUN_BY_HAND = ['scripts/check-deploy.ts', 'scripts/earnings-report.ts', 'scripts/e2e-server.ts', 'scripts/bench/first-paint.ts'];
/**
 * Run every time: the commands once known to print a stack trace or start work on --help, two that run
 * another tool (which once passed an unknown option on to it), and quick ones.
 */
const SAMPLE = ['start', 'test', 'dev', 'format', 'migrate:local', 'scripts/e2e-server.ts', 'scripts/bench/first-paint.ts'];
/** Spawned at once: two cores, shared. */
const AT_ONCE = 2;
/** A Node stack frame: "    at fn (file.ts:12:3)". */
const STACK_FRAME = /\n\s+at .*:\d+:\d+\)?\n/;

const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/** The file a package.json script runs with tsx: every script is ours, another tool through scripts/tool.ts. */
function ourFile(command: string): string {
  const file = /(?:^tsx|--import tsx) (scripts\/\S+\.ts)/.exec(command)?.[1];
  if (!file) throw new Error(`"${command}" does not run a file of ours: run another tool through scripts/tool.ts`);
  return file;
}

const ENTRIES = [...new Set([...Object.values(scripts).map(ourFile), ...RUN_BY_HAND])].sort();

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** A package.json script as npm runs it (--silent: npm's own lines aside), or a file run by hand. */
async function runEntry(entry: string, arg: string): Promise<Ran> {
  const [command, args] =
    entry in scripts ? ['npm', ['run', '--silent', entry, '--', arg]] : [process.execPath, ['--import', 'tsx', entry, arg]];
  try {
    const { stdout, stderr } = await run(command, args, { cwd: ROOT, timeout: 120_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** Runs `work` over `items`, AT_ONCE at a time. */
async function pooled<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await work(items[i]!);
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  return results;
}

describe('every command line', () => {
  it('runs one of our files in every package.json script (another tool through scripts/tool.ts)', () => {
    for (const [name, command] of Object.entries(scripts)) expect(() => ourFile(command), name).not.toThrow();
    expect(ENTRIES).toContain('scripts/admin.ts');
  });

  it('is parsed by parseCommand in every file (directly, through parseOptions, the probes readFlags, the tool scripts toolCommand or the browser benches remoteRun)', () => {
    for (const file of ENTRIES) {
      const source = readFileSync(path.join(ROOT, file), 'utf8');
      expect(
        /\bparseCommand\(|\bparseOptions\(|\breadFlags\(|\btoolCommand\(|\bremoteRun\(/.test(source),
        `${file} parses its command line with parseCommand`,
      ).toBe(true);
      expect(/\bparseArgs\(/.test(source), `${file} calls parseArgs itself`).toBe(false);
    }
  });

  // Every command is about 72 runs of npm and tsx: past ten minutes on a busy 2-core machine.
  const all = process.env.CLI_SWEEP === 'all';
  const swept = all ? [...Object.keys(scripts), ...RUN_BY_HAND] : SAMPLE;
  it(
    `answers --help (exit 0, usage) and refuses --bogus (exit 2, named) without a stack trace: ${swept.length} commands`,
    async () => {
      const runs = await pooled(
        swept.flatMap((entry) => ['--help', '--bogus'].map((arg) => ({ entry, arg }))),
        async ({ entry, arg }) => ({ entry, arg, ...(await runEntry(entry, arg)) }),
      );
      for (const { entry, arg, code, stdout, stderr } of runs) {
        const seen = `${entry} ${arg}: exit ${code}\n${stdout}${stderr}`;
        expect(STACK_FRAME.test(`${stdout}\n${stderr}\n`), seen).toBe(false);
        if (arg === '--help') {
          expect(code, seen).toBe(0);
          expect(stdout, seen).toMatch(/^usage: /i);
        } else {
          expect(code, seen).toBe(2);
          expect(stderr.split('\n')[0], seen).toContain('--bogus');
          expect(stderr, seen).toMatch(/\nusage: /i);
          expect(stdout, seen).toBe('');
        }
      }
    },
    (all ? 30 : 10) * 60_000,
  );
});
