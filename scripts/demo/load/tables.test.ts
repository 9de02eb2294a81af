import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tinyTables } from '../generate/test-dataset';
import { TABLE_FIELDS, TABLE_ORDER, insertSql } from './tables';

const migrationsDir = path.join(import.meta.dirname, '../../../migrations');
const schema = readdirSync(migrationsDir)
  .filter((file) => file.endsWith('.sql'))
  .map((file) => readFileSync(path.join(migrationsDir, file), 'utf8'))
  .join('\n');

/** Column names of a CREATE TABLE in the migrations. */
function columns(table: string): string[] {
  const start = schema.indexOf(`CREATE TABLE ${table} (`);
  if (start < 0) return [];
  const body = schema.slice(start, schema.indexOf('\n)', start));
  return [...body.matchAll(/^ {2}([a-z_0-9]+) [A-Z]+/gm)].map((m) => m[1] as string);
}

/** Columns later migrations add with ALTER TABLE: real, though the seed may leave them at their defaults. */
function addedColumns(table: string): string[] {
  return [...schema.matchAll(new RegExp(`^ALTER TABLE ${table} ADD COLUMN ([a-z_0-9]+) `, 'gm'))].map((m) => m[1] as string);
}

const snake = (field: string) => field.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);
/** Columns the seed leaves at their defaults. */
const UNSEEDED: Record<string, string[]> = { users: ['new_email'] };

describe('loader tables', () => {
  it('write every column of every seeded table, and only real columns', () => {
    for (const table of TABLE_ORDER) {
      const fields = (TABLE_FIELDS[table] as readonly string[]).map(snake);
      const seededLater = addedColumns(table).filter((column) => fields.includes(column));
      const expected = [...columns(table).filter((column) => !(UNSEEDED[table] ?? []).includes(column)), ...seededLater];
      expect(fields.sort(), table).toEqual(expected.sort());
    }
  });

  it('cover every field the generator produces', () => {
    const tables = tinyTables();
    for (const table of TABLE_ORDER) {
      const row = tables[table][0];
      expect(row, `${table} has rows`).toBeDefined();
      const fields = Object.keys(row ?? {}).map((field) => (field === 'password' ? 'passwordHash' : field));
      expect(fields.sort(), table).toEqual([...(TABLE_FIELDS[table] as readonly string[])].sort());
    }
  });

  it('insert with one JSON parameter, whatever the row count', () => {
    expect(insertSql('managers')).toBe(
      'INSERT INTO managers (user_id, manager_id, is_active) SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(?)',
    );
  });
});
