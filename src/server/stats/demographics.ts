// POST /api/stat/demographics: audience by gender and age group over the months the range touches.
import { type Fragment, type Scope, scopeCte } from './filters';
import { percentOf } from './location';
import type { DayRange } from './query';
import type { StatRequest } from './request';
import { runBatch, type StatRow } from './runner';

export const AGE_GROUPS = ['13-17', '18-24', '25-34', '35-44', '45-54', '55-64', '65+'] as const;
/** Channels shown in the audience detail (spec §9). */
export const DEMOGRAPHICS_DETAIL_CHANNELS = 4;

type AgeShares = Record<(typeof AGE_GROUPS)[number], number>;
interface Ages { male_age: AgeShares; female_age: AgeShares }

export interface DemographicsAnswer {
  male: number;
  female: number;
  other: number;
  ages: Ages;
  details: Array<{ channel_id: string; channel_title: string; channel_ico: string; ages: Ages }>;
  max_age_male: string;
  max_age_female: string;
}

const MONTHS = 'month BETWEEN substr(?, 1, 7) AND substr(?, 1, 7)';

/** Cells summed over the scope, and per cell for the channels with the most audience views. */
function statements(scope: Scope, range: DayRange): Fragment[] {
  const cte = scopeCte(scope);
  const where = `channel_id IN (SELECT channel_id FROM scope) AND ${MONTHS}`;
  const totals = {
    sql: `${cte.sql} SELECT gender, age_group, sum(views) AS views FROM channel_audience_monthly WHERE ${where} GROUP BY gender, age_group`,
    params: [...cte.params, range.from, range.to],
  };
  const details = {
    sql: `${cte.sql}, top(channel_id, views) AS (SELECT channel_id, sum(views) FROM channel_audience_monthly WHERE ${where}
        GROUP BY channel_id ORDER BY 2 DESC, 1 LIMIT ${DEMOGRAPHICS_DETAIL_CHANNELS})
      SELECT a.channel_id, coalesce(c.youtube_id, 'ugc') AS youtube_id, c.title, c.thumbnail_url, t.views AS channel_views,
        a.gender, a.age_group, sum(a.views) AS views
      FROM channel_audience_monthly a JOIN top t ON t.channel_id = a.channel_id JOIN channels c ON c.id = a.channel_id
      WHERE a.${MONTHS} GROUP BY a.channel_id, a.gender, a.age_group ORDER BY t.views DESC, a.channel_id`,
    params: [...cte.params, range.from, range.to, range.from, range.to],
  };
  return [totals, details];
}

/** Shares of every cell in the total of all cells (user_specified included, reported as other). */
function agesOf(rows: StatRow[]): { ages: Ages; total: number; male: number; female: number } {
  const total = rows.reduce((sum, r) => sum + Number(r.views), 0);
  const cell = (gender: string, age: string) => rows.filter((r) => r.gender === gender && r.age_group === age).reduce((s, r) => s + Number(r.views), 0);
  const shares = (gender: string) => Object.fromEntries(AGE_GROUPS.map((age) => [age, percentOf(cell(gender, age), total)])) as AgeShares;
  const sumOf = (gender: string) => rows.filter((r) => r.gender === gender).reduce((s, r) => s + Number(r.views), 0);
  return { ages: { male_age: shares('male'), female_age: shares('female') }, total, male: sumOf('male'), female: sumOf('female') };
}

const largest = (shares: AgeShares): string =>
  AGE_GROUPS.reduce((best, age) => (shares[age] > shares[best] ? age : best), AGE_GROUPS[0]);

/**
 * One element (the old API's shape) or [] when the months have no audience data. Audience is stored
 * per channel and month only: title, country and video type filters do not apply to it.
 * @example await getDemographics(env.DB, request)
 */
export async function getDemographics(db: D1Database, req: StatRequest): Promise<DemographicsAnswer[]> {
  const [totals = [], detailRows = []] = await runBatch(db, statements(req.scope, req.range));
  const all = agesOf(totals);
  if (all.total <= 0) return [];
  const channelIds = [...new Set(detailRows.map((r) => Number(r.channel_id)))];
  const details = channelIds.map((id) => {
    const rows = detailRows.filter((r) => Number(r.channel_id) === id);
    const head = rows[0];
    return { channel_id: String(head?.youtube_id), channel_title: String(head?.title), channel_ico: String(head?.thumbnail_url), ages: agesOf(rows).ages };
  });
  return [{
    male: percentOf(all.male, all.total),
    female: percentOf(all.female, all.total),
    other: percentOf(all.total - all.male - all.female, all.total),
    ages: all.ages,
    details,
    max_age_male: largest(all.ages.male_age),
    max_age_female: largest(all.ages.female_age),
  }];
}
