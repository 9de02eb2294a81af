// Writes a generated record stream into D1: hashes demo passwords, then streams rows through TableWriter.
import { hashPassword } from '../../../src/server/auth/password';
import type { TaggedRecord, UserRecord } from '../generate/records';
import { rowValues, type UserRow } from './tables';
import { TableWriter } from './writer';

async function storedUser(user: UserRecord): Promise<UserRow> {
  const { password, ...rest } = user;
  return { ...rest, passwordHash: password === null ? null : await hashPassword(password) };
}

/** Loads every record; returns rows written per table. */
export async function loadRecords(db: D1Database, records: Iterable<TaggedRecord>): Promise<Map<string, number>> {
  const writer = new TableWriter(db);
  for (const record of records) {
    const values = record.table === 'users'
      ? rowValues('users', await storedUser(record.row))
      : rowValues(record.table, record.row);
    const wait = writer.add(record.table, values);
    if (wait) await wait;
  }
  await writer.finish();
  return writer.written;
}
