import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { parseCommand, parseOptions, refuse, remoteOrigin, USAGE_EXIT_CODE, type CommandIo } from './cli.ts';

const USAGE = 'usage: npm run bench:x -- [--runs N]\n  Times x N times (default 7).';
const OPTIONS = { runs: { type: 'string', default: '7' } } as const;

/** What a command printed and the code it ended with; `exit` throws, as process.exit never returns. */
class Exited extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

function recorder(): CommandIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return {
    stdout,
    stderr,
    out: (text) => stdout.push(text),
    err: (text) => stderr.push(text),
    exit: (code) => {
      throw new Exited(code);
    },
  };
}

function exitCode(run: () => unknown): number {
  try {
    run();
  } catch (error) {
    if (error instanceof Exited) return error.code;
    throw error;
  }
  throw new Error('the command did not exit');
}

describe('parseCommand', () => {
  it('prints the usage on stdout and exits 0 on --help and -h', () => {
    for (const flag of ['--help', '-h']) {
      const io = recorder();
      expect(exitCode(() => parseCommand(USAGE, { args: ['--runs', '3', flag], options: OPTIONS }, io))).toBe(0);
      expect(io.stdout).toEqual([USAGE]);
      expect(io.stderr).toEqual([]);
    }
  });

  it('refuses an unknown option with one line naming it, then the usage, exit 2', () => {
    const io = recorder();
    expect(exitCode(() => parseCommand(USAGE, { args: ['--bogus'], options: OPTIONS }, io))).toBe(USAGE_EXIT_CODE);
    expect(USAGE_EXIT_CODE).toBe(2);
    expect(io.stdout).toEqual([]);
    const [reason, ...rest] = (io.stderr[0] ?? '').split('\n');
    expect(reason).toBe("Unknown option '--bogus'");
    expect(rest.join('\n')).toBe(`\n${USAGE}`);
    expect(io.stderr.join('\n')).not.toMatch(/\bat .*:\d+:\d+/);
  });

  it('names the unknown option alone on a command taking words (no hint about "--")', () => {
    const io = recorder();
    expect(exitCode(() => parseCommand(USAGE, { args: ['a.csv', '--bogus'], options: OPTIONS, allowPositionals: true }, io))).toBe(2);
    expect(io.stderr[0]?.split('\n')[0]).toBe("Unknown option '--bogus'");
  });

  it('refuses a missing value and a positional the command takes none of', () => {
    const missing = recorder();
    expect(exitCode(() => parseCommand(USAGE, { args: ['--runs'], options: OPTIONS }, missing))).toBe(2);
    expect(missing.stderr[0]).toMatch(/^Option '--runs <value>' argument missing\n/);
    const stray = recorder();
    expect(exitCode(() => parseCommand(USAGE, { args: ['extra'], options: OPTIONS }, stray))).toBe(2);
    expect(stray.stderr[0]).toMatch(/extra/);
  });

  it('answers the values, defaults and positionals when the command line is understood', () => {
    const io = recorder();
    const { values, positionals } = parseCommand(USAGE, { args: ['a.csv', '--runs=3'], options: OPTIONS, allowPositionals: true }, io);
    expect(values.runs).toBe('3');
    expect(positionals).toEqual(['a.csv']);
    expect(parseCommand(USAGE, { args: [], options: OPTIONS }, io).values.runs).toBe('7');
    expect(io.stdout).toEqual([]);
    expect(io.stderr).toEqual([]);
  });
});

describe('refuse', () => {
  it('prints the reason and the usage on stderr and exits 2', () => {
    const io = recorder();
    expect(exitCode(() => refuse(USAGE, '--runs must be a whole number above 0, not "x"', io))).toBe(2);
    expect(io.stderr).toEqual([`--runs must be a whole number above 0, not "x"\n\n${USAGE}`]);
  });
});

describe('--remote', () => {
  const REMOTE_OPTIONS = { remote: { type: 'string' } } as const;

  it('answers --url and --base with a pointer to --remote, on a command that takes --remote', () => {
    for (const args of [['--url', 'http://x'], ['--url=http://x'], ['--base', 'http://x']]) {
      const io = recorder();
      expect(exitCode(() => parseCommand(USAGE, { args, options: REMOTE_OPTIONS }, io))).toBe(USAGE_EXIT_CODE);
      expect(io.stderr[0]).toMatch(/^--(url|base) is gone: name the instance with --remote <url>/);
    }
    const plain = recorder();
    expect(exitCode(() => parseCommand(USAGE, { args: ['--url', 'http://x'], options: OPTIONS }, plain))).toBe(USAGE_EXIT_CODE);
    expect(plain.stderr[0]).toMatch(/^Unknown option '--url'/);
  });

  it('answers the origin of an http(s) address and refuses anything else', () => {
    expect(remoteOrigin(USAGE, 'https://viewdeck.example/some/path')).toBe('https://viewdeck.example');
    expect(remoteOrigin(USAGE, undefined)).toBeUndefined();
    for (const value of ['viewdeck.example', 'ftp://viewdeck.example', '']) {
      const io = recorder();
      expect(exitCode(() => remoteOrigin(USAGE, value, io))).toBe(USAGE_EXIT_CODE);
      expect(io.stderr[0]).toContain(`not "${value}"`);
    }
  });
});

describe('parseOptions', () => {
  it('checks the values with a schema and refuses a bad one naming its flag, exit 2', () => {
    const schema = z.object({ runs: z.coerce.number().int().min(1, 'at least 1') });
    expect(parseOptions(USAGE, { args: ['--runs', '3'], options: OPTIONS }, schema, recorder())).toEqual({ runs: 3 });
    const io = recorder();
    expect(exitCode(() => parseOptions(USAGE, { args: ['--runs', '0'], options: OPTIONS }, schema, io))).toBe(USAGE_EXIT_CODE);
    expect((io.stderr[0] ?? '').split('\n')[0]).toBe('--runs: at least 1');
  });
});
