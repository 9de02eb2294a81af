// Test helper: the tiny dataset, generated once per test file and grouped by table.
import { generateRecords } from './dataset';
import type { TableName, TableRecords } from './records';
import { SCALES } from './scale';

export const PINNED_TODAY = '2026-03-04';

export type Tables = { [K in TableName]: TableRecords[K][] };

/** All rows of a tiny dataset, by table. */
export function tinyTables(seed = 7, today = PINNED_TODAY): Tables {
  const tables = {} as Record<TableName, unknown[]>;
  for (const { table, row } of generateRecords({ seed, today, scale: SCALES.tiny })) {
    (tables[table] ??= []).push(row);
  }
  return tables as Tables;
}
