// POST /api/stat/details/audience: male and female views per channel and age group, with shares of each row's own total.
import type { AudienceAgeRow, AudienceAnswer, AudienceRow } from '../../../lib/api/details';
import type { StatsDb } from '../stores';
import { AGE_BUCKETS } from '../../../lib/api/stats';
import { audienceStatement, titleViewsCovered, titleViewsStatement } from '../demographics';
import type { StatRequest } from '../request';
import { type StatRow } from '../runner';
import { shareOf } from './figures';

type Figures = Omit<AudienceRow, 'channel_id' | 'channel_title' | 'channel_ico' | 'rows'>;

/** Views of a gender among cells (user_specified counts in the totals only). */
const viewsOf = (cells: StatRow[], gender?: string) =>
  cells.filter((c) => gender === undefined || c.gender === gender).reduce((s, c) => s + Number(c.views), 0);

/** Male and female views (rounded: title audience is weighted, not whole) and their shares of all the cells' views. */
function figuresOf(cells: StatRow[]): Figures {
  const total = viewsOf(cells);
  const male = viewsOf(cells, 'male');
  const female = viewsOf(cells, 'female');
  return {
    male_views: Math.round(male),
    male_views_percent: shareOf(male, total),
    female_views: Math.round(female),
    female_views_percent: shareOf(female, total),
  };
}

/** One row per age group, each with the shares of its own total. */
function ageRows(cells: StatRow[]): AudienceAgeRow[] {
  return AGE_BUCKETS.map((age) => ({ age, ...figuresOf(cells.filter((c) => c.age_group === age)) }));
}

/**
 * Every channel of the scope with audience views in the range's months (the cells the Demography card
 * reads: yearly and monthly rollups, or the title audience under a titles filter), most viewed first,
 * ties by key; every UGC channel is one 'ugc' row. A countries filter does not apply: audience has no country.
 * Under a titles filter, title_views_covered says which share of those titles' views the cells hold, as on the card.
 * @example await getDetailsAudience(env.DB, request)
 */
export async function getDetailsAudience(db: StatsDb, req: StatRequest): Promise<AudienceAnswer> {
  const cellsSql = audienceStatement(
    req.scope,
    req.sumRange,
    req.today,
    `SELECT coalesce(c.youtube_id, 'ugc') AS key, c.title, c.thumbnail_url, a.channel_id, a.gender, a.age_group, a.views
      FROM cells a JOIN channels c ON c.id = a.channel_id ORDER BY a.channel_id`,
  );
  const titles = titleViewsStatement(req);
  const [cells = [], titleRows] = await db.read([cellsSql, ...(titles ? [titles] : [])]);
  const byKey = new Map<string, StatRow[]>();
  for (const cell of cells) byKey.set(String(cell.key), [...(byKey.get(String(cell.key)) ?? []), cell]);
  const channels = [...byKey]
    .map(([key, own]) => ({ key, own, views: viewsOf(own) }))
    .filter((c) => c.views > 0)
    .sort((a, b) => b.views - a.views || (a.key < b.key ? -1 : 1));
  const rows = channels.map(({ key, own }): AudienceRow => {
    const head = own[0] ?? {};
    return {
      channel_id: key,
      channel_title: String(head.title ?? key),
      channel_ico: key === 'ugc' ? '' : String(head.thumbnail_url ?? ''),
      ...figuresOf(own),
      rows: ageRows(own),
    };
  });
  return { rows, total: { ...figuresOf(cells), rows: ageRows(cells) }, title_views_covered: titleViewsCovered(viewsOf(cells), titleRows) };
}
