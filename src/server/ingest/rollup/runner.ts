// Runs rollup statements in D1 batches (D1's only transactions) and counts them for the caller's report.
import { all, statement } from '../../db/query';
import type { Fragment } from '../../db/sql';

export interface Runner {
  db: D1Database;
  /** Statements sent so far. */
  statements: number;
  /** The estimates' fallback rates have been written for this run (rates.ts). */
  ratesWritten?: boolean;
}

/**
 * A runner over db with nothing sent yet.
 * @example const runner = createRunner(env.DB)
 */
export function createRunner(db: D1Database): Runner {
  return { db, statements: 0 };
}

/**
 * Sends the statements as one batch, so they land together (a delete and the insert that refills it).
 * Each caller keeps a batch's work bounded: D1 stops a batch after 30 s.
 */
export async function runBatch(runner: Runner, statements: readonly Fragment[]): Promise<void> {
  if (statements.length === 0) return;
  await runner.db.batch(statements.map((q) => statement(runner.db, q)));
  runner.statements += statements.length;
}

/** Rows of a read, keys as selected. */
export async function readRows<T>(runner: Runner, query: Fragment): Promise<T[]> {
  const rows = await all<T>(runner.db, query, 'sql');
  runner.statements += 1;
  return rows;
}

/** Splits items into chunks of at most size. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}
