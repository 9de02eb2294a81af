import { describe, expect, it } from 'vitest';
import { COMMAND_OPTIONS, commandLineProblem, USAGE } from './usage.ts';

/** The options the usage text names after a command's own line, e.g. "invite <email> --name … [--print-link]". */
function optionsInUsage(command: string): string[] {
  const line = USAGE.split('\n').find((l) => l.startsWith(`  ${command} `) || l === `  ${command}`) ?? '';
  return [...line.matchAll(/--([a-z-]+)/g)].map((m) => m[1]!).sort();
}

describe('npm run admin command lines', () => {
  it('lists in the usage exactly the options each command takes', () => {
    for (const [command, options] of Object.entries(COMMAND_OPTIONS)) expect(optionsInUsage(command), command).toEqual([...options].sort());
  });

  it('takes --remote on every command', () => {
    for (const [command, options] of Object.entries(COMMAND_OPTIONS)) expect(options, command).toContain('remote');
  });

  it('refuses an option a command does not take, naming the command and what it takes', () => {
    expect(commandLineProblem('invite', ['pat@example.com'], ['name', 'print-link', 'remote'])).toBeNull();
    expect(commandLineProblem('invite', ['pat@example.com'], ['name', 'rebuild'])).toBe(
      'invite does not take --rebuild: it takes --name, --show-title, --show-analytics, --inhouse, --print-link, --remote.',
    );
    // create-admin never mails: --print-link is its only way, not an option.
    expect(commandLineProblem('create-admin', ['ops@example.com'], ['name', 'print-link'])).toMatch(
      /^create-admin does not take --print-link/,
    );
    // An API-only command has no local state to work on.
    expect(commandLineProblem('grant', ['pat@example.com', 'acme'], ['persist-to'])).toMatch(/^grant does not take --persist-to/);
    expect(commandLineProblem('partner-move', ['all'], ['check', 'remote', 'persist-to', 'help'])).toBeNull();
  });

  it('refuses words past those a command takes', () => {
    expect(commandLineProblem('grant', ['pat@example.com', 'acme', 'extra'], [])).toBe(
      'grant takes two words after its name, not "extra".',
    );
    expect(commandLineProblem('sync-status', ['acme'], [])).toBe('sync-status takes no word after its name, not "acme".');
    expect(commandLineProblem('replay', ['acme'], ['from'])).toBeNull();
  });
});
