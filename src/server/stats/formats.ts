// POST /api/stat/formats: views, engaged views, watch time and earnings of Shorts, long-form, live and the
// channel page side by side, from the format grain (migration 0046), with the comparison period.
import type { FormatFigures, FormatName, FormatsAnswer } from '../../lib/api/formats';
import { microsToDollars } from './metrics';
import { type Fragment, join, raw, sql } from '../db/sql';
import { type Scope, scopeCte } from './filters';
import type { DayRange } from './query';
import type { StatRequest } from './request';
import type { StatRow } from './runner';
import { splitRange } from './source';
import type { StatsDb } from './stores';

/** The order of the answer's rows, and the one their earnings are cut from the headline in. */
export const FORMATS: readonly FormatName[] = ['short', 'full', 'live', 'channel'];

const SCOPED = raw('channel_id IN (SELECT channel_id FROM scope)');

/**
 * A statement's part of the non-Shorts formats up to a running estimate: the rest × run / total, truncated,
 * and exactly the rest when the run reaches the total (earnings.ts cuts title and country shares the same way).
 */
const cut = (run: string) => `(CASE WHEN (${run}) = weight THEN rest ELSE CAST(rest * (${run}) / weight AS INTEGER) END)`;
const SHARE = `${cut('run')} - ${cut('run - est')}`;

/**
 * Whole months as CTEs `basis`, `weighed` and `monthly`: each channel month with a finance statement (as
 * the Earnings card counts it: a statement and a positive estimate) gives Shorts its shorts_micros and
 * spreads the rest (revenue − Shorts + adjustments: long-form, live and what the statement books to no
 * video) over its other formats by their estimates, in key order; without any estimate there, the rest is
 * long-form's. Other months keep their estimates.
 */
function monthsCtes(months: { from: string; to: string }): Fragment {
  return sql`, basis AS (
    SELECT m.channel_id, m.month, f.shorts_micros AS shorts, m.statement_micros - f.shorts_micros AS rest
    FROM channel_monthly AS m JOIN channel_finance_monthly AS f ON f.channel_id = m.channel_id AND f.month = m.month
    WHERE m.${SCOPED} AND m.month BETWEEN ${months.from} AND ${months.to}
      AND m.statement_micros IS NOT NULL AND m.partner_revenue_micros > 0),
  weighed AS (
    SELECT x.video_type, x.views, x.engaged_views, x.watch_time_minutes, x.subscribers_gained - x.subscribers_lost AS subscribers,
      x.likes, x.comments, x.partner_revenue_micros AS est,
      b.rest, b.channel_id IS NOT NULL AS in_basis,
      sum(CASE WHEN x.video_type <> 'short' THEN x.partner_revenue_micros ELSE 0 END)
        OVER (PARTITION BY x.channel_id, x.month ORDER BY x.video_type ROWS UNBOUNDED PRECEDING) AS run,
      sum(CASE WHEN x.video_type <> 'short' THEN x.partner_revenue_micros ELSE 0 END)
        OVER (PARTITION BY x.channel_id, x.month) AS weight
    FROM channel_format_monthly AS x LEFT JOIN basis AS b ON b.channel_id = x.channel_id AND b.month = x.month
    WHERE x.${SCOPED} AND x.month BETWEEN ${months.from} AND ${months.to}),
  monthly AS (
    SELECT video_type, views, engaged_views, watch_time_minutes, subscribers, likes, comments,
      CASE WHEN NOT in_basis THEN est WHEN video_type = 'short' OR weight <= 0 THEN 0 ELSE ${raw(SHARE)} END AS earnings,
      CASE WHEN NOT in_basis OR video_type = 'short' OR weight <= 0 THEN 0 ELSE ${raw(SHARE)} END AS finance
    FROM weighed
    UNION ALL SELECT 'short', 0, 0, 0, 0, 0, 0, shorts, shorts FROM basis
    UNION ALL SELECT 'full', 0, 0, 0, 0, 0, 0, rest, rest FROM basis AS b
    WHERE coalesce((SELECT sum(x.partner_revenue_micros) FROM channel_format_monthly AS x
      WHERE x.channel_id = b.channel_id AND x.month = b.month AND x.video_type <> 'short'), 0) <= 0)`;
}

/** Edge days: estimates (a statement covers a whole month only, as on the Earnings card). */
function daysBranch(days: DayRange): Fragment {
  return sql`SELECT video_type, views, engaged_views, watch_time_minutes, subscribers_gained - subscribers_lost AS subscribers,
      likes, comments, partner_revenue_micros AS earnings, 0 AS finance
    FROM channel_format_daily WHERE ${SCOPED} AND day BETWEEN ${days.from} AND ${days.to}`;
}

/**
 * One statement: per format, the range's sums (the details' figures too: net subscribers, likes, comments),
 * earnings and their statement part (micro-USD). The columns are metrics' names (or listed in answer-columns.ts), so several network stores' rows add up by format.
 */
export function formatsStatement(scope: Scope, range: DayRange): Fragment {
  const { months, days } = splitRange(range.from, range.to);
  const branches: Fragment[] = [];
  if (months) branches.push(raw('SELECT * FROM monthly'));
  for (const part of days) branches.push(daysBranch(part));
  const type = scope.filters.typeVideo ? sql` WHERE video_type = ${scope.filters.typeVideo}` : raw('');
  return sql`${scopeCte(scope)}${months ? monthsCtes(months) : raw('')}
    SELECT video_type, sum(views) AS views, sum(engaged_views) AS engaged_views, sum(watch_time_minutes) AS watch_time,
      sum(subscribers) AS subscribers, sum(likes) AS likes, sum(comments) AS comments, sum(earnings) AS partner_revenue, sum(finance) AS partner_revenue_finance
    FROM (${join(branches, ' UNION ALL ')})${type}
    GROUP BY video_type`;
}

/**
 * The formats' earnings in dollars, cut from their total in whole cents by running sums (FORMATS order):
 * each format's cents = round(running micros) − round(running micros before it), so the parts add up to
 * the total rounded once, the Earnings card's figure, to the cent.
 */
function dollarsOf(rows: readonly StatRow[]): Map<string, number> {
  const out = new Map<string, number>();
  let running = 0;
  let before = 0;
  for (const format of FORMATS) {
    running += Number(rows.find((r) => r.video_type === format)?.partner_revenue ?? 0);
    const cents = Math.round(microsToDollars(running) * 100);
    out.set(format, (cents - before) / 100);
    before = cents;
  }
  return out;
}

/** The formats with any figure, in FORMATS order (a channel without live videos has no Live row). */
function figuresOf(rows: readonly StatRow[]): FormatFigures[] {
  const dollars = dollarsOf(rows);
  return FORMATS.flatMap((format): FormatFigures[] => {
    const row = rows.find((r) => r.video_type === format);
    const figures = {
      video_type: format,
      views: Number(row?.views ?? 0),
      engaged_views: Number(row?.engaged_views ?? 0),
      watch_time_minutes: Number(row?.watch_time ?? 0),
      earnings: dollars.get(format) ?? 0,
    };
    const empty = figures.views === 0 && figures.engaged_views === 0 && figures.watch_time_minutes === 0 && figures.earnings === 0;
    return empty ? [] : [figures];
  });
}

/**
 * The format grain has no titles or countries: under either filter the split is not answered (null), and
 * the cards say so. A video type filter keeps its format's row.
 * @example const answer = await getFormats(db, request)
 */
export async function getFormats(db: StatsDb, req: StatRequest): Promise<FormatsAnswer> {
  const { scope, sumRange, compare } = req;
  const unsplit = scope.filters.titles ? 'titles' : scope.filters.countries ? 'countries' : null;
  if (unsplit) return { formats: null, compare: null, not_split_by: unsplit };
  const statements = [formatsStatement(scope, sumRange)];
  if (compare) statements.push(formatsStatement(scope, compare));
  const [main = [], compared] = await db.read(statements);
  return { formats: figuresOf(main), compare: compared ? figuresOf(compared) : null, not_split_by: null };
}
