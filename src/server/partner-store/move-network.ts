// Moving a default install's partner facts into network stores (`npm run admin -- partner-move`,
// docs/partner-store.md "Switching an install to stores"): while the install still reads the shared D1,
// `copy` makes each network's store a copy of that network's rows there; after PARTNER_STORE=objects is
// deployed, `check` compares both sides and `prune` deletes the shared D1's rows. Every call does a bounded
// page of one table and answers where the next one starts, so any install size moves in Worker-sized steps.
import * as z from 'zod';
import { all, first } from '../db/query';
import { raw, type SqlValue } from '../db/sql';
import { MOVED_TABLES, type MovedTable } from './move-tables';
import { keyAfter, keyList, keyOf, type Row, upserts, valuesOf } from './table-rows';

/** Rows read, written or deleted per call, by default and at most. */
export const MOVE_PAGE_ROWS = 2_000;
export const MOVE_PAGE_ROWS_MAX = 5_000;

export const MOVE_ACTIONS = ['copy', 'check', 'prune'] as const;
export type MoveAction = (typeof MOVE_ACTIONS)[number];

/** Where a walk over MOVED_TABLES goes on: a table (its index) and the last key done in it (a cursor's part). */
export const tablePosition = {
  table: z
    .number()
    .int()
    .min(0)
    .max(MOVED_TABLES.length - 1),
  after: z
    .array(z.union([z.string(), z.number()]))
    .max(6)
    .nullable(),
};
/** Where a copy or prune goes on: a network, a phase, a table of MOVED_TABLES and the last key done. */
const cursorSchema = z.object({
  network: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  phase: z.enum(['clear', 'copy', 'prune']),
  ...tablePosition,
});
export type MoveCursor = z.infer<typeof cursorSchema>;

/** A cursor the caller sent back that is not one this module wrote. */
export class MoveCursorError extends Error {
  constructor() {
    super('cursor is not one partner-move answered: start again without it.');
    this.name = 'MoveCursorError';
  }
}

/** Parses a cursor a previous call answered. */
export function parseCursor(text: string): MoveCursor {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new MoveCursorError();
  }
  const parsed = cursorSchema.safeParse(value);
  if (!parsed.success) throw new MoveCursorError();
  const table = MOVED_TABLES[parsed.data.table];
  if (parsed.data.after && parsed.data.after.length !== table?.key.length) throw new MoveCursorError();
  return parsed.data;
}

export interface MoveStep {
  network_id: number;
  phase: MoveCursor['phase'];
  table: string;
  /** Rows this call copied, or deleted (clear: in the store; prune: in the shared D1). */
  rows: number;
  /** The cursor of the next call, or null when this network is done. */
  next: string | null;
}

/** The shared D1's next page of the network's rows of a table, in key order. */
async function readPage(
  shared: D1Database,
  network: number,
  t: MovedTable,
  after: readonly SqlValue[] | null,
  limit: number,
): Promise<Row[]> {
  return all<Row>(
    shared,
    raw(
      `SELECT * FROM ${t.name} WHERE (${t.owner('?1')})${keyAfter(t, after, 3)} ORDER BY ${keyList(t)} LIMIT ?2`,
      network,
      limit,
      ...(after ?? []),
    ),
    'sql',
  );
}

/** Upserts of a page of rows into the store, on the table's key; a network's row without its owner (users stay in the shared D1). */
function upsertsOf(store: D1Database, t: MovedTable, rows: Row[]): D1PreparedStatement[] {
  const columns = Object.keys(rows[0] ?? {});
  const own = t.name === 'networks' ? rows.map((row) => ({ ...row, owner_user_id: null })) : rows;
  return upserts(store, { table: t.name, columns, conflict: t.key }, valuesOf(own, columns));
}

/**
 * Deletes up to `limit` rows of a table in db (the network's, where `network` is given), answering how
 * many. Counted by RETURNING, not D1's meta.changes, which adds the rows the table's triggers touch.
 */
async function deletePage(db: D1Database, t: MovedTable, limit: number, network: number | null): Promise<number> {
  const where = network === null ? '' : ` WHERE ${t.owner('?1')}`;
  const { results } = await db
    .prepare(`DELETE FROM ${t.name} WHERE (${keyList(t)}) IN (SELECT ${keyList(t)} FROM ${t.name}${where} LIMIT ?2) RETURNING 1 AS gone`)
    .bind(network ?? 0, limit)
    .all();
  return results.length;
}

/** The cursor after a table is done: the next table of the phase, the next phase, or null. */
function advance(cursor: MoveCursor, from: number): MoveCursor | null {
  const phaseTables = tablesOf(cursor.phase);
  const next = phaseTables[phaseTables.indexOf(from) + 1];
  if (next !== undefined) return { ...cursor, table: next, after: null };
  if (cursor.phase === 'clear') return { ...cursor, phase: 'copy', table: tablesOf('copy')[0] ?? 0, after: null };
  return null;
}

/** MOVED_TABLES indexes a phase walks: the copy in order (catalogue first), clear and prune in reverse (slices before files). */
function tablesOf(phase: MoveCursor['phase']): number[] {
  const all = MOVED_TABLES.map((t, i) => ({ t, i }));
  if (phase === 'copy') return all.map(({ i }) => i);
  return all
    .filter(({ t }) => !t.catalogue)
    .map(({ i }) => i)
    .reverse();
}

/** The first cursor of a copy (the store is emptied first) or a prune, for one network. */
export function startCursor(network: number, action: 'copy' | 'prune'): MoveCursor {
  const phase = action === 'copy' ? 'clear' : 'prune';
  return { network, phase, table: tablesOf(phase)[0] ?? 0, after: null };
}

/**
 * One bounded step of a copy or prune for the cursor's network: a page of one table. `clear` empties the
 * store's partner tables (a copy that starts again starts from nothing), `copy` upserts the shared D1's
 * rows into the store (catalogue first, so its foreign keys hold), `prune` deletes them from the shared D1.
 * @example let c: MoveCursor | null = startCursor(7, 'copy'); while (c) c = (await moveStep(env.DB, storeOf(7), c, 2000)).cursor
 */
export async function moveStep(
  shared: D1Database,
  store: D1Database,
  cursor: MoveCursor,
  limit: number,
): Promise<{ step: MoveStep; cursor: MoveCursor | null }> {
  const t = MOVED_TABLES[cursor.table];
  if (!t) throw new MoveCursorError();
  const rows = Math.min(Math.max(1, Math.trunc(limit)), MOVE_PAGE_ROWS_MAX);
  let done: number;
  let next: MoveCursor | null;
  if (cursor.phase === 'copy') {
    const page = await readPage(shared, cursor.network, t, cursor.after, rows);
    if (page.length) await store.batch(upsertsOf(store, t, page));
    done = page.length;
    const last = page.at(-1);
    next = page.length === rows && last ? { ...cursor, after: keyOf(t, last) } : advance(cursor, cursor.table);
  } else {
    done = await deletePage(cursor.phase === 'clear' ? store : shared, t, rows, cursor.phase === 'clear' ? null : cursor.network);
    next = done === rows ? cursor : advance(cursor, cursor.table);
  }
  const step: MoveStep = {
    network_id: cursor.network,
    phase: cursor.phase,
    table: t.name,
    rows: done,
    next: next ? JSON.stringify(next) : null,
  };
  return { step, cursor: next };
}

export interface TableCheck {
  table: string;
  shared: { rows: number; money: number | null };
  store: { rows: number; money: number | null };
}

/**
 * Every moved table's rows (and money sum) of the network in the shared D1 and in its store, and the
 * tables whose shared rows the store does not hold the same (none once pruned: the shared D1 then holds
 * no rows to compare). Catalogue tables are not compared: the shared D1 keeps them.
 */
export async function checkNetwork(
  shared: D1Database,
  store: D1Database,
  network: number,
): Promise<{ tables: TableCheck[]; differ: string[] }> {
  const tables: TableCheck[] = [];
  for (const t of MOVED_TABLES.filter((x) => !x.catalogue)) {
    const select = `count(*) AS rows, ${t.money ? `sum(${t.money})` : 'NULL'} AS money FROM ${t.name}`;
    const [here, there] = await Promise.all([
      first<{ rows: number; money: number | null }>(shared, raw(`SELECT ${select} WHERE ${t.owner('?1')}`, network), 'sql'),
      first<{ rows: number; money: number | null }>(store, raw(`SELECT ${select}`), 'sql'),
    ]);
    tables.push({
      table: t.name,
      shared: { rows: here?.rows ?? 0, money: here?.money ?? null },
      store: { rows: there?.rows ?? 0, money: there?.money ?? null },
    });
  }
  const differ = tables
    .filter((c) => c.shared.rows > 0 && (c.shared.rows !== c.store.rows || c.shared.money !== c.store.money))
    .map((c) => c.table);
  return { tables, differ };
}
