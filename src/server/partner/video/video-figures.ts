// One video's sums, chart and earnings over a period, from video_daily and video_monthly (migration 0047).
import type { EarningsBasis } from '../../../lib/api/stats';
import type { VideoFigures, VideoPoint } from '../../../lib/api/video';
import { addDays, monthOf, nextMonth } from '../../../lib/dates/time';
import { type Fragment, join, raw, sql } from '../../db/sql';
import { type Scope, scopeCte } from '../../stats/filters';
import type { RangeParts } from '../../stats/source';
import type { StatRow } from '../../stats/runner';

/** The counts a video's rows carry, summed as they are; money apart (earnings). */
const COUNTS = [
  'views',
  'engaged_views',
  'watch_time_minutes',
  'likes',
  'dislikes',
  'comments',
  'shares',
  'subscribers_gained',
  'subscribers_lost',
  'impressions',
  'impression_clicks',
] as const;
type Count = (typeof COUNTS)[number];
const COLUMNS = raw([...COUNTS, 'partner_revenue_micros'].join(', '));

/** Which video, seen through which scope (the one channel that holds it). */
export interface VideoTarget {
  videoId: string;
  scope: Scope;
}

const where = (target: VideoTarget) => sql`channel_id IN (SELECT channel_id FROM scope) AND video_id = ${target.videoId}`;

/** The video's months between two months, with each month's statement share (NULL without one). */
export function videoMonthsStatement(target: VideoTarget, months: { from: string; to: string }): Fragment {
  return sql`${scopeCte(target.scope)} SELECT month AS period, ${COLUMNS}, statement_share_micros
    FROM video_monthly WHERE ${where(target)} AND month BETWEEN ${months.from} AND ${months.to} ORDER BY month`;
}

/** The video's days in the spans (none: no statement is needed). */
export function videoDaysStatement(target: VideoTarget, spans: ReadonlyArray<{ from: string; to: string }>): Fragment {
  const days = join(
    spans.map((s) => sql`day BETWEEN ${s.from} AND ${s.to}`),
    ' OR ',
  );
  return sql`${scopeCte(target.scope)} SELECT day AS period, ${COLUMNS}
    FROM video_daily WHERE ${where(target)} AND (${days}) ORDER BY day`;
}

const emptyFigures = (): VideoFigures => ({
  ...(Object.fromEntries(COUNTS.map((c) => [c, 0])) as Record<Count, number>),
  earnings_micros: 0,
  finance_micros: 0,
});

function addRow(into: VideoFigures, row: StatRow, earnings: number, finance: number): void {
  for (const c of COUNTS) into[c] += Number(row[c] ?? 0);
  into.earnings_micros += earnings;
  into.finance_micros += finance;
}

/**
 * A month's statement share spread over its days by their estimates: day k gets
 * trunc(F·Sₖ/E) − trunc(F·Sₖ₋₁/E) (F the share, Sₖ the running estimate in day order, E the month's), so the
 * days add up to F to the micro, the cut docs/stats.md ("Earnings") gives title and country days.
 * @example spreadShare(100, [1, 1, 1]) // [33, 33, 34]
 */
export function spreadShare(share: number, estimates: readonly number[]): number[] {
  const total = estimates.reduce((sum, e) => sum + e, 0);
  if (total <= 0) return estimates.map(() => 0);
  const f = BigInt(share);
  const e = BigInt(total);
  let run = 0n;
  let before = 0n;
  return estimates.map((estimate) => {
    run += BigInt(estimate);
    const cut = run === e ? f : (f * run) / e;
    const part = Number(cut - before);
    before = cut;
    return part;
  });
}

/** The basis of a period's earnings: statements only, estimates only, or both. */
export function basisOf(figures: VideoFigures): EarningsBasis {
  if (figures.finance_micros === 0) return 'estimate';
  return figures.finance_micros === figures.earnings_micros ? 'finance' : 'mixed';
}

export interface PeriodRows {
  months: readonly StatRow[];
  days: readonly StatRow[];
}

/**
 * The period's sums: whole months from their rows (the statement share as earnings where the month has
 * one, else the estimate), the days outside them as estimates, as every earnings figure is computed.
 */
export function sumPeriod(rows: PeriodRows, parts: RangeParts): VideoFigures {
  const figures = emptyFigures();
  for (const m of rows.months) {
    const share = m.statement_share_micros === null || m.statement_share_micros === undefined ? null : Number(m.statement_share_micros);
    addRow(figures, m, share ?? Number(m.partner_revenue_micros), share ?? 0);
  }
  const inWhole = (day: string) => parts.months !== null && monthOf(day) >= parts.months.from && monthOf(day) <= parts.months.to;
  for (const d of rows.days) if (!inWhole(String(d.period))) addRow(figures, d, Number(d.partner_revenue_micros), 0);
  return figures;
}

type PointCounts = Partial<Record<'views' | 'engaged_views' | 'watch_time_minutes', unknown>>;

const point = (period: string, row: PointCounts | undefined, earnings: number): VideoPoint => ({
  period,
  views: Number(row?.views ?? 0),
  engaged_views: Number(row?.engaged_views ?? 0),
  watch_time_minutes: Number(row?.watch_time_minutes ?? 0),
  earnings_micros: earnings,
});

/**
 * One bar per day of [from, to] (days without rows at zero); a day of a whole month with a statement
 * share takes its part of the share (spreadShare), any other day its estimate.
 */
export function daySeries(rows: PeriodRows, from: string, to: string): VideoPoint[] {
  const byDay = new Map(rows.days.map((d) => [String(d.period), d]));
  const shares = new Map<string, number>();
  for (const m of rows.months) {
    if (m.statement_share_micros === null || m.statement_share_micros === undefined) continue;
    const days = rows.days.filter((d) => monthOf(String(d.period)) === String(m.period));
    const parts = spreadShare(
      Number(m.statement_share_micros),
      days.map((d) => Number(d.partner_revenue_micros)),
    );
    days.forEach((d, i) => shares.set(String(d.period), parts[i] ?? 0));
  }
  const points: VideoPoint[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const row = byDay.get(day);
    points.push(point(day, row, shares.get(day) ?? Number(row?.partner_revenue_micros ?? 0)));
  }
  return points;
}

/** One bar per month from the first to the last month (edge months clipped to the period: their days' sums). */
export function monthSeries(rows: PeriodRows, first: string, last: string): VideoPoint[] {
  const whole = new Map(rows.months.map((m) => [String(m.period), m]));
  const points: VideoPoint[] = [];
  for (let month = first; month <= last; month = nextMonth(month)) {
    const row = whole.get(month);
    if (row) {
      const share = row.statement_share_micros;
      points.push(point(month, row, share === null || share === undefined ? Number(row.partner_revenue_micros) : Number(share)));
      continue;
    }
    const days = rows.days.filter((d) => monthOf(String(d.period)) === month);
    const sums = emptyFigures();
    for (const d of days) addRow(sums, d, Number(d.partner_revenue_micros), 0);
    points.push(point(month, sums, sums.earnings_micros));
  }
  return points;
}
