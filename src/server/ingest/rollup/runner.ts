// Runs rollup statements in D1 batches (D1's only transactions) and counts them for the caller's report.

export interface Runner {
  db: D1Database;
  /** Statements sent so far. */
  statements: number;
}

/** A runner over db with nothing sent yet. */
export function createRunner(db: D1Database): Runner {
  return { db, statements: 0 };
}

/** One SQL text with its bound values. */
export interface Sql {
  sql: string;
  params: unknown[];
}

/**
 * Sends the statements as one batch, so they land together (a delete and the insert that refills it).
 * Each caller keeps a batch's work bounded: D1 stops a batch after 30 s.
 */
export async function runBatch(runner: Runner, statements: Sql[]): Promise<void> {
  if (statements.length === 0) return;
  await runner.db.batch(statements.map(({ sql, params }) => runner.db.prepare(sql).bind(...params)));
  runner.statements += statements.length;
}

/** Rows of a read. */
export async function readRows<T>(runner: Runner, sql: string, ...params: unknown[]): Promise<T[]> {
  const { results } = await runner.db.prepare(sql).bind(...params).all<T>();
  runner.statements += 1;
  return results;
}

/** Splits items into chunks of at most size. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}
