// Reads asked for together go to D1 as one batch, answer exactly what each read alone answers, and a
// failing read fails only its own caller.
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { all, allBatch, first, run } from '../../../src/server/db/query';
import { readTogether } from '../../../src/server/db/read-together';
import { sql } from '../../../src/server/db/sql';

/** env.DB, counting the batches and the single reads that reach it. */
function counted() {
  const calls = { batches: 0, statements: 0 };
  const db = new Proxy(env.DB, {
    get(target, key) {
      if (key === 'batch') {
        return (statements: D1PreparedStatement[]) => {
          calls.batches += 1;
          calls.statements += statements.length;
          return target.batch(statements);
        };
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db, calls };
}

beforeEach(async () => {
  await env.DB.exec('CREATE TABLE IF NOT EXISTS read_together_rows (id INTEGER PRIMARY KEY, name TEXT NOT NULL)');
  await env.DB.exec("DELETE FROM read_together_rows; INSERT INTO read_together_rows VALUES (1, 'one'), (2, 'two'), (3, 'three')");
});

describe('readTogether', () => {
  it('sends reads asked for at once as one batch, each answered as alone', async () => {
    const { db, calls } = counted();
    const together = readTogether(db);
    const [ones, names, missing, count] = await Promise.all([
      all<{ id: number }>(together, sql`SELECT id FROM read_together_rows WHERE id <= ${2} ORDER BY id`),
      all<{ name: string }>(together, sql`SELECT name FROM read_together_rows ORDER BY name`),
      first<{ id: number }>(together, sql`SELECT id FROM read_together_rows WHERE id = ${9}`),
      first<{ n: number }>(together, sql`SELECT count(*) AS n FROM read_together_rows`),
    ]);
    expect(calls).toEqual({ batches: 1, statements: 4 });
    expect(ones).toEqual([{ id: 1 }, { id: 2 }]);
    expect(names.map((r) => r.name)).toEqual(['one', 'three', 'two']);
    expect(missing).toBeNull();
    expect(count).toEqual({ n: 3 });
    expect(await together.prepare('SELECT name FROM read_together_rows WHERE id = ?').bind(3).first('name')).toBe('three');
  });

  it('reads asked for after an answer form the next batch', async () => {
    const { db, calls } = counted();
    const together = readTogether(db);
    const chained = async (id: number) => {
      const row = await first<{ id: number }>(together, sql`SELECT id FROM read_together_rows WHERE id = ${id}`);
      return first<{ name: string }>(together, sql`SELECT name FROM read_together_rows WHERE id = ${row!.id}`);
    };
    expect(await Promise.all([chained(1), chained(2), chained(3)])).toEqual([{ name: 'one' }, { name: 'two' }, { name: 'three' }]);
    expect(calls).toEqual({ batches: 2, statements: 6 });
  });

  it('a failing read rejects its own caller only', async () => {
    const together = readTogether(env.DB);
    const [good, bad] = await Promise.allSettled([
      all<{ id: number }>(together, sql`SELECT id FROM read_together_rows WHERE id = ${1}`),
      all(together, sql`SELECT id FROM no_such_table`),
    ]);
    expect(good).toEqual({ status: 'fulfilled', value: [{ id: 1 }] });
    expect(bad.status).toBe('rejected');
    expect(String((bad as PromiseRejectedResult).reason)).toMatch(/no_such_table/);
  });

  it('passes writes and explicit batches straight through', async () => {
    const { db, calls } = counted();
    const together = readTogether(db);
    expect(await run(together, sql`UPDATE read_together_rows SET name = ${'uno'} WHERE id = ${1}`)).toBe(1);
    const [rows, names] = await allBatch<[{ id: number }, { name: string }]>(together, [
      sql`SELECT id FROM read_together_rows WHERE id = ${1}`,
      sql`SELECT name FROM read_together_rows WHERE id = ${1}`,
    ]);
    expect([rows, names]).toEqual([[{ id: 1 }], [{ name: 'uno' }]]);
    expect(calls).toEqual({ batches: 1, statements: 2 });
  });
});
