// Every command a person runs (package.json's scripts and the files run by hand) answers --help with
// its usage and refuses an unknown option with one line naming it (exit 2), never a stack trace.
// Spawning all of them takes minutes on a busy machine: by default every one is checked to parse its
// command line with parseCommand, and a sample is run; CLI_SWEEP=all runs every one.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** Scripts that are another tool's own command line (it has its own --help), not ours. */
const TOOLS = ['astro', 'vitest', 'wrangler', 'playwright', 'eslint', 'prettier'];
/** Files run directly, named in README and docs rather than in package.json. */
const RUN_BY_HAND = ['scripts/check-deploy.ts', 'scripts/earnings-report.ts', 'scripts/e2e-server.ts', 'scripts/bench/first-paint.ts'];
/** Run every time: the commands once known to print a stack trace or start work on --help, and quick ones. */
const SAMPLE = ['scripts/start.ts', 'scripts/test.ts', 'scripts/dev.ts', 'scripts/e2e-server.ts', 'scripts/bench/first-paint.ts'];
/** Spawned at once: two cores, shared. */
const AT_ONCE = 2;
/** A Node stack frame: "    at fn (file.ts:12:3)". */
const STACK_FRAME = /\n\s+at .*:\d+:\d+\)?\n/;

const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/** The file a package.json script runs with tsx, or null for another tool's command. */
function ourFile(command: string): string | null {
  const file = /(?:^tsx|--import tsx) (scripts\/\S+\.ts)/.exec(command)?.[1];
  if (file) return file;
  const tool = command.split(' ')[0]!;
  if (!TOOLS.includes(tool)) throw new Error(`"${command}" is neither tsx scripts/… nor a known tool: add it to this test`);
  return null;
}

const ENTRIES = [...new Set([...Object.values(scripts).flatMap((c) => ourFile(c) ?? []), ...RUN_BY_HAND])].sort();

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

async function runEntry(file: string, arg: string): Promise<Ran> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', file, arg], { cwd: ROOT, timeout: 120_000 });
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
  it('knows every package.json script: a tool of its own, or one of our files', () => {
    for (const [name, command] of Object.entries(scripts)) expect(() => ourFile(command), name).not.toThrow();
    expect(ENTRIES).toContain('scripts/admin.ts');
  });

  it('is parsed by parseCommand in every file (directly or through the probes readFlags)', () => {
    for (const file of ENTRIES) {
      const source = readFileSync(path.join(ROOT, file), 'utf8');
      expect(/\bparseCommand\(|\breadFlags\(/.test(source), `${file} parses its command line with parseCommand`).toBe(true);
      expect(/\bparseArgs\(/.test(source), `${file} calls parseArgs itself`).toBe(false);
    }
  });

  const swept = process.env.CLI_SWEEP === 'all' ? ENTRIES : SAMPLE;
  it(`answers --help (exit 0, usage) and refuses --bogus (exit 2, named) without a stack trace: ${swept.length} files`, async () => {
    const runs = await pooled(
      swept.flatMap((file) => ['--help', '--bogus'].map((arg) => ({ file, arg }))),
      async ({ file, arg }) => ({ file, arg, ...(await runEntry(file, arg)) }),
    );
    for (const { file, arg, code, stdout, stderr } of runs) {
      const seen = `${file} ${arg}: exit ${code}\n${stdout}${stderr}`;
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
  }, 600_000);
});
