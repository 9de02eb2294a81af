// What a partner stats read asks a database for. Most statements are plain SQL; three shapes say more,
// so that one database and several network stores can each run them their own way (stores.ts): a
// sorted page, a count of rows, and a read of the shared catalogue. None carries a rule for merging:
// how rows combine comes from their columns (answer-columns.ts).
import { type Fragment, raw, sql } from '../db/sql';

/** One term of ORDER BY: a column of the answer (an alias of the SELECT), compared as NOCASE when asked. */
export interface OrderTerm {
  column: string;
  desc?: boolean;
  nocase?: boolean;
}

/** The rows of `rows` in `order`, `limit` of them from `offset`. */
export interface Page {
  rows: Fragment;
  order: readonly OrderTerm[];
  limit: number;
  offset: number;
}

/** The number of rows `rows` answers, as `[{ n }]`. */
export interface CountOf {
  countOf: Fragment;
}

/** A read of the catalogue (names, keys of channels): the shared D1 answers it, once. */
export interface CatalogueRead {
  catalogue: Fragment;
}

export type Statement = Fragment | Page | CountOf | CatalogueRead;

/**
 * A sorted page of a statement's rows.
 * @example page(select, [{ column: 'views', desc: true }, { column: 'copy_id', desc: true }], 20, 40)
 */
export function page(rows: Fragment, order: readonly OrderTerm[], limit: number, offset = 0): Page {
  return { rows, order, limit, offset };
}

/** @example countOf(sql`SELECT key FROM ... GROUP BY key`) */
export function countOf(rows: Fragment): CountOf {
  return { countOf: rows };
}

/** @example catalogue(raw('SELECT id, title AS name FROM titles WHERE id IN (SELECT value FROM json_each(?))', ids)) */
export function catalogue(read: Fragment): CatalogueRead {
  return { catalogue: read };
}

/** `ORDER BY` of the terms. */
export function orderBy(order: readonly OrderTerm[]): Fragment {
  const terms = order.map((t) => `${t.column}${t.nocase ? ' COLLATE NOCASE' : ''}${t.desc ? ' DESC' : ''}`);
  return raw(`ORDER BY ${terms.join(', ')}`);
}

/**
 * The statement as one database runs it.
 * @example allBatch(db, statements.map(oneStatement), 'sql')
 */
export function oneStatement(statement: Statement): Fragment {
  if ('sql' in statement) return statement;
  if ('countOf' in statement) return sql`SELECT count(*) AS n FROM (${statement.countOf})`;
  if ('catalogue' in statement) return statement.catalogue;
  return sql`${statement.rows}\n${orderBy(statement.order)} LIMIT ${statement.limit} OFFSET ${statement.offset}`;
}
