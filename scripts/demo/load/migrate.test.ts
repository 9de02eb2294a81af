import { describe, expect, it } from 'vitest';
import { migrationLine, migrationReader, type MigrationEvent } from './migrate.ts';

/** wrangler 4's output for two of three migrations pending (its tables shortened to these rows). */
const OUTPUT = `
 ⛅️ wrangler 4.59.2
Resource location: local
Migrations to be applied:
┌───────────────────────────────────┐
│ name                              │
├───────────────────────────────────┤
│ 0002_reference.sql                │
├───────────────────────────────────┤
│ 0003_catalog.sql                  │
└───────────────────────────────────┘
? About to apply 2 migration(s)
Your database may not be available to serve requests during the migration, continue?
🤖 Using fallback value in non-interactive context: yes
🌀 Executing on local database DB (00000000-0000-0000-0000-000000000000) from .wrangler/state/v3/d1:
🚣 10 commands executed successfully.
┌───────────────────────────────────┬────────┐
│ name                              │ status │
├───────────────────────────────────┼────────┤
│ 0002_reference.sql                │ ✅     │
├───────────────────────────────────┼────────┤
│ 0003_catalog.sql                  │ 🕒️    │
└───────────────────────────────────┴────────┘
🌀 Executing on local database DB (00000000-0000-0000-0000-000000000000) from .wrangler/state/v3/d1:
🚣 6 commands executed successfully.
┌───────────────────────────────────┬────────┐
│ 0003_catalog.sql                  │ ✅     │
└───────────────────────────────────┴────────┘`;

/** Reads the lines with a clock at 1.5 s times the line's index, so each event's time is its distance in lines. */
function read(output: string): MigrationEvent[] {
  const events: MigrationEvent[] = [];
  let clock = 0;
  const reader = migrationReader(
    (event) => events.push(event),
    () => clock,
  );
  for (const [i, line] of output.split('\n').entries()) {
    clock = i * 1500;
    reader(line);
  }
  return events;
}

describe('migrationReader', () => {
  it('says what wrangler will apply, then each migration as it is applied, with the time since the event before', () => {
    const lines = OUTPUT.split('\n');
    const at = (text: string, from = 0) => lines.findIndex((l, i) => i >= from && l.includes(text));
    const about = at('About to apply');
    const first = at('commands executed', about);
    const second = at('commands executed', first + 1);
    expect(read(OUTPUT)).toEqual([
      { kind: 'pending', names: ['0002_reference.sql', '0003_catalog.sql'], ms: about * 1500 },
      { kind: 'applied', name: '0002_reference.sql', index: 1, of: 2, ms: (first - about) * 1500 },
      { kind: 'applied', name: '0003_catalog.sql', index: 2, of: 2, ms: (second - first) * 1500 },
    ]);
  });

  it('says nothing when there is nothing to apply', () => {
    expect(read('Resource location: local\n✅ No migrations to apply!\n')).toEqual([]);
  });

  it('numbers a migration it could not name rather than dropping it', () => {
    const events = read('? About to apply 1 migration(s)\n🚣 3 commands executed successfully.');
    expect(events.at(-1)).toMatchObject({ kind: 'applied', name: 'migration 1', index: 1, of: 1 });
  });
});

describe('migrationLine', () => {
  it('reads like the seed phases: name, seconds, position', () => {
    expect(migrationLine({ kind: 'applied', name: '0001_accounts.sql', index: 1, of: 32, ms: 2340 })).toBe(
      `  ${'0001_accounts.sql'.padEnd(32)}    2.3 s  1 of 32`,
    );
    expect(migrationLine({ kind: 'pending', names: ['a.sql', 'b.sql'], ms: 4000 })).toBe(
      `  ${'2 to apply'.padEnd(32)}    4.0 s  (wrangler started)`,
    );
  });
});
