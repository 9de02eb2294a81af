// POST /api/stat/demographics: audience by gender and age group over the months the range touches.
import { type Fragment, join, raw, sql } from '../db/sql';
import { factConditions, type Scope, scopeCte } from './filters';
import { monthEnd, monthStart } from '../../lib/dates/time';
import { AGE_BUCKETS, type AgeShares, type Demographics } from '../../lib/api/stats';
import { percentOf } from './location';
import { compileStatQuery, type DayRange } from './query';
import { coverRange } from './cover';
import type { StatRequest } from './request';
import { type StatRow } from './runner';
import type { StatsDb } from './stores';

/** Channels in the Demography card's table of top channels (docs/partner-area.md, "Cards"). */
export const DEMOGRAPHICS_DETAIL_CHANNELS = 4;

type SignedFragment = Fragment & { sign: 1 | -1 };

/**
 * The audience rows of the range's months: years from channel_audience_yearly (partial ones minus the
 * months outside the range) and other months from channel_audience_monthly; under a titles or video type filter, every month from
 * channel_title_audience_monthly (migration 0016) narrowed to them.
 */
function audienceParts(scope: Scope, range: DayRange, horizon: string): SignedFragment[] {
  const from = range.from.slice(0, 7);
  const to = range.to.slice(0, 7);
  if (scope.filters.titles || scope.filters.typeVideo) {
    const conditions = factConditions(scope, 'title');
    return [
      {
        ...sql`SELECT channel_id, gender, age_group, views FROM channel_title_audience_monthly
      WHERE ${conditions} AND month BETWEEN ${from} AND ${to}`,
        sign: 1,
      },
    ];
  }
  // Whole months only (audience has no days): years from the yearly totals, a partial year as its row
  // minus the months outside the range when that reads less (cover.ts).
  const span = { from: monthStart(from), to: monthEnd(to) };
  return coverRange(span.from, span.to, { yearly: true, subtract: true, horizon }).map((part) => {
    if (part.source === 'daily') throw new Error('Audience has no daily rows: whole months never need them.');
    const key = part.source === 'yearly' ? 'year' : 'month';
    const views = raw(part.sign === 1 ? 'views' : '-views AS views');
    return {
      ...sql`SELECT channel_id, gender, age_group, ${views} FROM ${raw(`channel_audience_${part.source}`)}
      WHERE channel_id IN (SELECT channel_id FROM scope) AND ${raw(key)} BETWEEN ${part.from} AND ${part.to}`,
      sign: part.sign,
    };
  });
}

/**
 * A statement over the audience cells of the scope's channels in the range's months: the scope CTE and
 * `cells(channel_id, gender, age_group, views)`, summed per channel and cell and materialised so they
 * are read once, then `select` over them. Every audience figure (this card, the details screens) reads
 * the cells this way. `select` may begin with more CTEs (`, top AS (…) SELECT …`).
 * @example audienceStatement(scope, range, today, 'SELECT gender, sum(views) AS views FROM cells GROUP BY gender')
 */
export function audienceStatement(scope: Scope, range: DayRange, horizon: string, select: string): Fragment {
  const cte = scopeCte(scope);
  const parts = audienceParts(scope, range, horizon);
  // A cell read only from subtracted months nets 0 where it would otherwise be absent: drop it.
  const net = parts.some((p) => p.sign === -1) ? 'HAVING sum(views) <> 0' : '';
  return sql`${cte},
    cells AS MATERIALIZED (SELECT channel_id, gender, age_group, sum(views) AS views
      FROM (${join(parts, ' UNION ALL ')}) GROUP BY channel_id, gender, age_group
      ${raw(net)})
    ${raw(select)}`;
}

/**
 * The totals (channel_id NULL) and the cells of the channels with the most audience views. Several
 * stores each answer their own totals and top channels: the reader adds the totals up and orders and
 * takes the top channels again (a channel lives in one store, so the overall top channels are among them).
 */
function statement(scope: Scope, range: DayRange, horizon: string): Fragment {
  return audienceStatement(
    scope,
    range,
    horizon,
    `, top(channel_id, views) AS (SELECT channel_id, sum(views) FROM cells
      GROUP BY channel_id ORDER BY 2 DESC, 1 LIMIT ${DEMOGRAPHICS_DETAIL_CHANNELS})
    SELECT NULL AS channel_id, NULL AS youtube_id, NULL AS title, NULL AS thumbnail_url, NULL AS channel_views,
      gender, age_group, sum(views) AS views FROM cells GROUP BY gender, age_group
    UNION ALL
    SELECT a.channel_id, coalesce(c.youtube_id, 'ugc'), c.title, c.thumbnail_url, t.views,
      a.gender, a.age_group, a.views
      FROM cells a JOIN top t ON t.channel_id = a.channel_id JOIN channels c ON c.id = a.channel_id`,
  );
}

/** Shares of every cell in the total of all cells (user_specified included, reported as other). */
function agesOf(rows: StatRow[]): { ages: Demographics['ages']; total: number; male: number; female: number } {
  const total = rows.reduce((sum, r) => sum + Number(r.views), 0);
  const cell = (gender: string, age: string) =>
    rows.filter((r) => r.gender === gender && r.age_group === age).reduce((s, r) => s + Number(r.views), 0);
  const shares = (gender: string) => Object.fromEntries(AGE_BUCKETS.map((age) => [age, percentOf(cell(gender, age), total)])) as AgeShares;
  const sumOf = (gender: string) => rows.filter((r) => r.gender === gender).reduce((s, r) => s + Number(r.views), 0);
  return { ages: { male_age: shares('male'), female_age: shares('female') }, total, male: sumOf('male'), female: sumOf('female') };
}

const largest = (shares: AgeShares): string => AGE_BUCKETS.reduce((best, age) => (shares[age] > shares[best] ? age : best), AGE_BUCKETS[0]);

/** The whole months the audience is read over (audience has no finer grain). */
function audienceMonths(range: DayRange): DayRange {
  return { from: monthStart(range.from.slice(0, 7)), to: monthEnd(range.to.slice(0, 7)) };
}

/**
 * Under a titles or video type filter, those titles' views over the whole months the audience reads:
 * what title_views_covered measures the audience against. Null without such a filter.
 */
export function titleViewsStatement(req: StatRequest): Fragment | null {
  const { scope, sumRange, today: horizon } = req;
  if (!scope.filters.titles && !scope.filters.typeVideo) return null;
  return compileStatQuery({ scope, metrics: ['views'], dimensions: [], range: audienceMonths(sumRange), horizon });
}

/** The audience's views as a share of the titles' views (titleViewsStatement's rows; at most 100); null without them. */
export function titleViewsCovered(audienceViews: number, titleRows: StatRow[] | undefined): number | null {
  const titleViews = Number(titleRows?.[0]?.views ?? 0);
  return titleRows && titleViews > 0 ? Math.min(100, percentOf(audienceViews, titleViews)) : null;
}

/**
 * One element (the old API's shape) or [] when the months have no audience data. Titles and video
 * type filters apply (the title audience grain), with title_views_covered: the share of those titles'
 * views over the same months that the title audience grain holds (well below 100 as a rule: YouTube's
 * demographics report has rows for only some of the views report's videos and days, its shares of
 * signed-in viewers; months loaded before migration 0016 add none; null without such a filter). A
 * countries filter cannot be combined with them (schema.ts), and audience has no country dimension:
 * the answer says so in not_filtered_by.
 * @example await getDemographics(env.DB, request)
 */
export async function getDemographics(db: StatsDb, req: StatRequest): Promise<Demographics[]> {
  const { scope, sumRange } = req;
  const titles = titleViewsStatement(req);
  const [rows = [], titleRows] = await db.read([statement(scope, sumRange, req.today), ...(titles ? [titles] : [])]);
  const totals = rows.filter((r) => r.channel_id === null);
  const detailRows = rows.filter((r) => r.channel_id !== null);
  const all = agesOf(totals);
  if (all.total <= 0) return [];
  const channelViews = new Map(detailRows.map((r) => [Number(r.channel_id), Number(r.channel_views)]));
  const channelIds = [...channelViews]
    .sort(([a, x], [b, y]) => y - x || a - b)
    .slice(0, DEMOGRAPHICS_DETAIL_CHANNELS)
    .map(([id]) => id);
  const details = channelIds.map((id) => {
    const rows = detailRows.filter((r) => Number(r.channel_id) === id);
    const head = rows[0];
    const channel = agesOf(rows);
    return {
      channel_id: String(head?.youtube_id),
      channel_title: String(head?.title),
      channel_ico: String(head?.thumbnail_url),
      ages: channel.ages,
      male: percentOf(channel.male, channel.total),
      female: percentOf(channel.female, channel.total),
    };
  });
  return [
    {
      male: percentOf(all.male, all.total),
      female: percentOf(all.female, all.total),
      other: percentOf(all.total - all.male - all.female, all.total),
      ages: all.ages,
      details,
      max_age_male: largest(all.ages.male_age),
      max_age_female: largest(all.ages.female_age),
      not_filtered_by: scope.filters.countries ? ['countries'] : [],
      title_views_covered: titleViewsCovered(all.total, titleRows),
    },
  ];
}
