// Views by title and country older than YouTube's backfill window are kept by month only (migration 0027):
// which days of a request that leaves out, and the charts that cannot be drawn without them.
import type { DaySpan } from '../../lib/api/stats';
import { addDays, monthEnd, monthOf, monthStart, nextMonth } from '../../lib/dates/time';
import { type Fragment, sql } from '../db/sql';
import { badRequest } from '../http/errors';
import { grainFor, type Scope, scopeCte, type StatFilters } from './filters';
import type { DayRange } from './query';
import type { StatRequest } from './request';
import { type StatRow } from './runner';
import { FOLDED_GRAINS, splitRange } from './source';
import { TITLE_FOLD_WINDOW_DAYS } from '../ingest/retention/title-fold-window';
import type { StatsDb } from './stores';

/** Whether figures by country under these filters come from a grain whose old days are folded. */
export function readsFoldedGrain(filters: StatFilters): boolean {
  return Boolean(filters.titles || filters.typeVideo) && FOLDED_GRAINS.has(grainFor(filters, 'country'));
}

/**
 * The scope's folded months within the range's months ('YYYY-MM' rows, one per month whatever the
 * number of channels or stores).
 * @example db.read([foldedMonthsStatement(scope, range)])
 */
export function foldedMonthsStatement(scope: Scope, range: DayRange): Fragment {
  const cte = scopeCte(scope);
  const query = sql`SELECT DISTINCT month FROM title_folds WHERE channel_id IN (SELECT channel_id FROM scope)
    AND month BETWEEN ${monthOf(range.from)} AND ${monthOf(range.to)}`;
  return sql`${cte}\n${query}`;
}

/** A span cut at month ends: each part lies within one month. */
function byMonth(span: DaySpan): DaySpan[] {
  const parts: DaySpan[] = [];
  for (let month = monthOf(span.from); month <= monthOf(span.to); month = nextMonth(month)) {
    const from = span.from > monthStart(month) ? span.from : monthStart(month);
    const to = span.to < monthEnd(month) ? span.to : monthEnd(month);
    parts.push({ from, to });
  }
  return parts;
}

/**
 * The days of the range that a read of views by title and country leaves out: the days of folded months
 * it would read by day. Sums and month buckets read whole months from the monthly rows, so only the
 * months the range cuts count; day and week buckets need every day.
 * @example daysLeftOut({ from: '2025-11-22', to: '2026-11-21' }, ['2025-11'], false) // [{ from: '2025-11-22', to: '2025-11-30' }]
 */
export function daysLeftOut(range: DayRange, folded: readonly string[], byDay: boolean): DaySpan[] {
  if (folded.length === 0) return [];
  const months = new Set(folded);
  const read = byDay ? [range] : splitRange(range.from, range.to).days;
  return read.flatMap(byMonth).filter((span) => months.has(monthOf(span.from)));
}

/** The folded months a batch's statement answered. */
export const foldedMonthsOf = (rows: StatRow[] | undefined): string[] => (rows ?? []).map((r) => String(r.month));

/**
 * Refuses (400) a chart or map of views by title and country that needs days of folded months: a
 * figure for those days no longer exists. Reads nothing unless the filters send it to that grain.
 * @example await assertTitleDaysHeld(db, settled, { range: settled.range, byDay: settled.period !== 'month' })
 */
export async function assertTitleDaysHeld(db: StatsDb, req: StatRequest, read: { range: DayRange; byDay: boolean }): Promise<void> {
  if (!readsFoldedGrain(req.scope.filters)) return;
  const [rows] = await db.read([foldedMonthsStatement(req.scope, read.range)]);
  const left = daysLeftOut(read.range, foldedMonthsOf(rows), read.byDay);
  const first = left[0];
  const last = left.at(-1);
  if (!first || !last) return;
  const field = req.scope.filters.titles ? 'titles' : 'type_video';
  const kept = addDays(monthEnd(monthOf(last.to)), 1);
  const what = read.byDay
    ? `chart it by month, or choose a range from ${kept}`
    : 'choose a range that starts on the first and ends on the last day of a month there';
  throw badRequest(
    `${field}: views by title and country older than YouTube's ${TITLE_FOLD_WINDOW_DAYS}-day backfill window are kept by whole month, and this range needs their days ${first.from}..${last.to}: ${what}.`,
  );
}
