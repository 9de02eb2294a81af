import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CommandIo } from './cli.ts';
import { TOOL_SCRIPTS, toolCommand } from './tool-scripts.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

class Exited extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

/** The command line toolCommand answers, or how it ended (code, stdout, stderr) when it exited. */
function attempt(script: string, args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CommandIo = {
    out: (text) => out.push(text),
    err: (text) => err.push(text),
    exit: (code) => {
      throw new Exited(code);
    },
  };
  try {
    return { command: toolCommand(script, args, io), code: null, out: out.join('\n'), err: err.join('\n') };
  } catch (error) {
    if (!(error instanceof Exited)) throw error;
    return { command: null, code: error.code, out: out.join('\n'), err: err.join('\n') };
  }
}

describe('the npm scripts that run another tool', () => {
  it('are exactly the package.json scripts that go through scripts/tool.ts, each under its own name', () => {
    const throughRunner = Object.entries(scripts).filter(([, command]) => command.startsWith('tsx scripts/tool.ts '));
    for (const [name, command] of throughRunner) expect(command, name).toBe(`tsx scripts/tool.ts ${name}`);
    expect(throughRunner.map(([name]) => name).sort()).toEqual(Object.keys(TOOL_SCRIPTS).sort());
  });

  it('run, without arguments, the command package.json ran before', () => {
    const before: Record<string, string> = {
      build: 'astro build',
      typecheck: 'astro check',
      lint: 'eslint .',
      format: 'prettier --write .',
      'format:check': 'prettier --check .',
      'migrate:local': 'wrangler d1 migrations apply DB --local',
      'test:unit': 'vitest run',
      'test:integration': 'vitest run -c vitest.integration.config.ts',
      'test:integration-split': 'vitest run -c vitest.integration-split.config.ts',
      'test:objects': 'vitest run -c vitest.objects.config.ts',
      'test:wrangler': 'vitest run -c vitest.wrangler.config.ts',
      'test:e2e': 'playwright test',
    };
    expect(Object.keys(before).sort()).toEqual(Object.keys(TOOL_SCRIPTS).sort());
    for (const [script, command] of Object.entries(before)) expect(attempt(script, []).command?.join(' '), script).toBe(command);
  });

  it('pass on the options and paths each documents', () => {
    expect(attempt('lint', ['--fix', 'src', 'scripts']).command).toEqual(['eslint', '--fix', 'src', 'scripts']);
    expect(attempt('format:check', ['docs']).command).toEqual(['prettier', '--check', 'docs']);
    expect(attempt('test:integration', ['tests/integration/admin', '-t', 'invites']).command).toEqual([
      'vitest',
      'run',
      '-c',
      'vitest.integration.config.ts',
      '-t',
      'invites',
      'tests/integration/admin',
    ]);
    expect(attempt('test:e2e', ['--grep', 'signs in', 'tests/e2e/sign-in']).command).toEqual([
      'playwright',
      'test',
      '--grep',
      'signs in',
      'tests/e2e/sign-in',
    ]);
    expect(attempt('migrate:local', ['--persist-to', '.wrangler/try']).command?.slice(-2)).toEqual(['--persist-to', '.wrangler/try']);
  });

  it('answer --help with their usage (exit 0) and refuse an unknown option with a line naming it and the usage (exit 2)', () => {
    for (const script of Object.keys(TOOL_SCRIPTS)) {
      const help = attempt(script, ['--help']);
      expect(help.code, script).toBe(0);
      expect(help.out, script).toMatch(new RegExp(`^usage: npm run ${script}\\b`));
      const bogus = attempt(script, ['--bogus']);
      expect(bogus.code, script).toBe(2);
      expect(bogus.out, script).toBe('');
      expect(bogus.err.split('\n')[0], script).toBe("Unknown option '--bogus'");
      expect(bogus.err, script).toContain(`\n\nusage: npm run ${script}`);
    }
  });

  it('refuse what would reach the tool as an option or a path it does not take', () => {
    // After "--" a word is a path for parseArgs, but the tool would read it as its own option.
    expect(attempt('format', ['--', '--bogus'])).toMatchObject({ code: 2, err: expect.stringMatching(/^"--bogus" is not a path/) });
    expect(attempt('build', ['src']).code).toBe(2);
    expect(attempt('migrate:local', ['--remote']).code).toBe(2);
    expect(attempt('typecheck', ['--fix']).code).toBe(2);
  });
});
