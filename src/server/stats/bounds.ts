// A lifetime's first and last fact day, read in the same batch as its figures instead of before them.
import { type Fragment, raw } from '../db/sql';
import type { Statement } from './statements';
import type { StatsDb } from './stores';
import { type Scope, scopeCte } from './filters';
import type { DayRange } from './query';
import { type StatRequest, settledLifetime } from './request';
import { type StatRow } from './runner';

/**
 * The first and last day with facts among the scope's channels (each a primary-key seek per
 * channel), as columns first_day and last_day (null without facts). `bounds` alone, it is a CTE other
 * statements can read (the videos published in a lifetime).
 */
export function boundsSql(): string {
  return `SELECT min(first_day) AS first_day, max(last_day) AS last_day FROM (SELECT
      (SELECT day FROM channel_daily d WHERE d.channel_id = s.channel_id ORDER BY day LIMIT 1) AS first_day,
      (SELECT day FROM channel_daily d WHERE d.channel_id = s.channel_id ORDER BY day DESC LIMIT 1) AS last_day
    FROM scope s)`;
}

function boundsStatement(scope: Scope): Fragment {
  const cte = scopeCte(scope);
  return raw(`${cte.sql}\n${boundsSql()}`, ...cte.params);
}

function boundsOf(rows: StatRow[]): DayRange | null {
  const row = rows[0];
  return row?.first_day && row.last_day ? { from: String(row.first_day), to: String(row.last_day) } : null;
}

/**
 * Runs a call's statements in one batch. A lifetime's bounds ride along: its statements read
 * LIFETIME_SPAN (the same rows: there are none outside the bounds), and the request comes back settled
 * (range, buckets, period). `stale` says the provisional period was not the one that fits (a lifetime
 * under 60 days, or longer than the day buckets allow): the caller runs again with the settled request.
 * @example const { req, results, stale } = await runSettled(db, request, statements)
 */
export async function runSettled(
  db: StatsDb,
  req: StatRequest,
  statements: Statement[],
): Promise<{ req: StatRequest; results: StatRow[][]; stale: boolean }> {
  if (!req.pendingBounds) return { req, results: await db.read(statements), stale: false };
  const results = await db.read([...statements, boundsStatement(req.scope)]);
  const settled = settledLifetime(req, boundsOf(results.pop() ?? []));
  return { req: settled, results, stale: settled.period !== req.period };
}
