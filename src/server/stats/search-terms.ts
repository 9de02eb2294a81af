// POST /api/stat/search-terms: the YouTube search terms of the period, read from the channel grain only.
import { type Fragment, join, raw, sql } from '../db/sql';
import { factConditions, type Scope, scopeCte } from './filters';
import { coverRange } from './cover';
import { percentOf } from './location';
import type { DayRange } from './query';
import type { StatRequest } from './request';
import { page, type Page } from './statements';
import type { StatsDb } from './stores';
import type { SearchTermsAnswer, SearchTermsUnfiltered } from '../../lib/api/search-terms';
import { OTHER_TERMS, SEARCH_TERMS_PER_DAY } from '../ingest/load/search-terms';

/** Terms the answer lists; the rest of the period's search views are summed under `other`. */
export const TOP_SEARCH_TERMS = 50;

/**
 * The range's term rows: whole months from the monthly rollup, edge days from the days (coverRange, no
 * yearly totals). Terms are kept per channel: titles, video type and countries filters are not applied.
 */
function termRows(scope: Scope, range: DayRange, horizon: string): Fragment {
  const conditions = factConditions(scope, 'channel');
  const parts = coverRange(range.from, range.to, { yearly: false, subtract: true, horizon }).map((part) => {
    if (part.source === 'yearly') throw new Error('Search terms have no yearly totals.');
    const table = raw(`channel_search_term_${part.source}`);
    const key = raw(part.source === 'daily' ? 'day' : 'month');
    const sign = raw(part.sign === 1 ? '' : '-');
    return sql`SELECT term, ${sign}views AS views, ${sign}watch_time_minutes AS watch_time_minutes
      FROM ${table} WHERE ${conditions} AND ${key} BETWEEN ${part.from} AND ${part.to}`;
  });
  return join(parts, ' UNION ALL ');
}

/** The top terms by views (then watch time, then the term), "other terms" left out: the stores add them up before the cut. */
export function topTermsStatement(scope: Scope, range: DayRange, horizon: string): Page {
  const rows = sql`${scopeCte(scope)}
    SELECT term, sum(views) AS views, sum(watch_time_minutes) AS watch_time_minutes
    FROM (${termRows(scope, range, horizon)}) WHERE term <> ${OTHER_TERMS} GROUP BY term HAVING sum(views) <> 0`;
  const order = [{ column: 'views', desc: true }, { column: 'watch_time_minutes', desc: true }, { column: 'term' }];
  return page(rows, order, TOP_SEARCH_TERMS);
}

/** The range's YouTube search views and watch time over every term row, "other terms" included. */
export function searchTotalsStatement(scope: Scope, range: DayRange, horizon: string): Fragment {
  return sql`${scopeCte(scope)}
    SELECT sum(views) AS views, sum(watch_time_minutes) AS watch_time_minutes FROM (${termRows(scope, range, horizon)})`;
}

function unfiltered(scope: Scope): SearchTermsUnfiltered[] {
  const { titles, typeVideo, countries } = scope.filters;
  return [
    ...(titles ? ['titles' as const] : []),
    ...(typeVideo ? ['type_video' as const] : []),
    ...(countries ? ['countries' as const] : []),
  ];
}

/**
 * The period's top YouTube search terms with their share of its search views, and the rest as `other`.
 * @example await getSearchTerms(db, request)
 */
export async function getSearchTerms(db: StatsDb, req: StatRequest): Promise<SearchTermsAnswer> {
  const { scope } = req;
  const [top = [], totals = []] = await db.read([
    topTermsStatement(scope, req.sumRange, req.today),
    searchTotalsStatement(scope, req.sumRange, req.today),
  ]);
  const views = Number(totals[0]?.views ?? 0);
  const watch = Number(totals[0]?.watch_time_minutes ?? 0);
  const terms = top.map((r) => ({
    term: String(r.term),
    views: Number(r.views),
    watch_time_minutes: Number(r.watch_time_minutes),
    share: percentOf(Number(r.views), views),
  }));
  const otherViews = views - terms.reduce((sum, t) => sum + t.views, 0);
  return {
    terms,
    other: {
      views: otherViews,
      watch_time_minutes: watch - terms.reduce((sum, t) => sum + t.watch_time_minutes, 0),
      share: percentOf(otherViews, views),
    },
    views,
    watch_time_minutes: watch,
    terms_per_day: SEARCH_TERMS_PER_DAY,
    not_filtered_by: unfiltered(scope),
  };
}
