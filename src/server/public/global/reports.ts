// The period's totals split by country, category or language: the pie, the tables and the languages block.
import { all } from '../../db/query';
import { type Fragment, raw, sql } from '../../db/sql';
import type { PublicContext } from '../context';
import { dimensionWhere, type GlobalFilters } from './filters';
import type { CategoryReport, CountryReport, LanguageReport } from '../../../lib/api/public-global';

const FIGURES_SQL = `sum(g.monthly_views) AS monthly_views, sum(g.monthly_subs) AS estimaited_monthly_subs,
  sum(g.subscriber_count) AS estimaited_subscribers, sum(g.watch_time_minutes) AS watchtime,
  sum(g.channels_count) AS channels_count`;

/** How each report groups the rows: the key it shows, where the key's name comes from, the column grouped by. */
const GROUPINGS = {
  country: {
    select: `g.country_code AS country_code2, coalesce(c.name, g.country_code) AS country_name`,
    join: 'LEFT JOIN countries AS c ON c.code2 = g.country_code',
    group: 'g.country_code',
  },
  category: {
    select: `g.category_id AS id, coalesce(c.name, 'Unknown') AS category_name`,
    join: 'LEFT JOIN categories AS c ON c.id = g.category_id',
    group: 'g.category_id',
  },
  language: {
    select: `g.language_code AS language_code, coalesce(l.english_name, 'Unknown') AS english_name`,
    join: 'LEFT JOIN languages AS l ON l.code = g.language_code',
    group: 'g.language_code',
  },
} as const;

/** One period's rows under the filters (a PK range), grouped by a whitelisted column, biggest first. */
function reportSql(by: keyof typeof GROUPINGS, filters: GlobalFilters): Fragment {
  const { select, join, group } = GROUPINGS[by];
  const where = dimensionWhere(filters, { category: 'g.category_id', language: 'g.language_code', country: 'g.country_code' });
  return sql`SELECT ${raw(select)}, ${raw(FIGURES_SQL)} FROM global_stats AS g ${raw(join)}
    WHERE g.period = ${filters.period} AND ${where} GROUP BY ${raw(group)} ORDER BY monthly_views DESC, ${raw(group)}`;
}

/**
 * Totals per channel country, biggest monthly views first.
 * @example await getCountryReports(ctx, { period: 'now', category: 20 })
 */
export async function getCountryReports(ctx: PublicContext, filters: GlobalFilters): Promise<CountryReport[]> {
  return all<CountryReport>(ctx.db, reportSql('country', filters), 'sql');
}

/** Totals per channel category (id 0: none), biggest monthly views first. */
export async function getCategoryReports(ctx: PublicContext, filters: GlobalFilters): Promise<CategoryReport[]> {
  return all<CategoryReport>(ctx.db, reportSql('category', filters), 'sql');
}

/** Totals per channel language ('' : none), biggest monthly views first. */
export async function getLanguageReports(ctx: PublicContext, filters: GlobalFilters): Promise<LanguageReport[]> {
  return all<LanguageReport>(ctx.db, reportSql('language', filters), 'sql');
}
