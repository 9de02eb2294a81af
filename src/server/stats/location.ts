// POST /api/stat/location: views by country and continent, as shares of the range's views.
import type { CountryShare, LocationAnswer } from '../../lib/api/stats';
import { continentOf, countryName } from './continents';
import { compileStatQuery } from './query';
import type { StatRequest } from './request';
import type { StatsDb } from './stores';
import type { Statement } from './statements';
import { daysLeftOut, foldedMonthsOf, foldedMonthsStatement } from './title-folds';

/** The answer without its title coverage, which only getLocation() can tell. */
type LocationShares = Omit<LocationAnswer, 'title_views_covered' | 'title_days_left_out'>;

/** Percent with 2 decimals; 0 of 0 is 0. */
export const percentOf = (part: number, whole: number): number => (whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0);

/** Groups country views into continents, both sorted by views descending. */
export function toLocationAnswer(rows: Array<{ code2: string; views: number }>): LocationShares {
  const total = rows.reduce((sum, r) => sum + r.views, 0);
  const countries = rows
    .filter((r) => r.views > 0)
    .map((r) => ({ name: countryName(r.code2), code2: r.code2, views: r.views, value: percentOf(r.views, total) }))
    .sort((a, b) => b.views - a.views || a.code2.localeCompare(b.code2));
  const byContinent = new Map<string, CountryShare[]>();
  for (const country of countries) {
    const continent = continentOf(country.code2);
    byContinent.set(continent, [...(byContinent.get(continent) ?? []), country]);
  }
  const continents = [...byContinent].map(([name, list]) => {
    const views = list.reduce((sum, c) => sum + c.views, 0);
    return { name, value: percentOf(views, total), views, countries: list };
  });
  continents.sort((a, b) => b.views - a.views || a.name.localeCompare(b.name));
  return { rows: continents, countries, total_views: total };
}

/**
 * Views per country from the country grain (whole months from its rollup), or from the title x
 * country grain under a titles or video type filter, with the share of the titles' views it covers:
 * both grains come from the same report rows, so it is 100 unless some days were loaded before the
 * title x country grain existed (migration 0016), or because the range cuts a month whose title days
 * are folded (migration 0027: those days are named in title_days_left_out); the card then says how much
 * it shows.
 * @example await getLocation(env.DB, request)
 */
export async function getLocation(db: StatsDb, req: StatRequest): Promise<LocationAnswer> {
  const { scope, sumRange: range } = req;
  const byTitle = Boolean(scope.filters.titles || scope.filters.typeVideo);
  const horizon = req.today;
  const statements: Statement[] = [compileStatQuery({ scope, metrics: ['views'], dimensions: ['country'], range, horizon })];
  if (byTitle) {
    statements.push(compileStatQuery({ scope, metrics: ['views'], dimensions: [], range, horizon }));
    statements.push(foldedMonthsStatement(scope, range));
  }
  const [rows = [], titleRows = [], folded] = await db.read(statements);
  const answer = toLocationAnswer(rows.map((r) => ({ code2: String(r.country_code), views: Number(r.views) })));
  const titleViews = Number(titleRows[0]?.views ?? 0);
  const covered = byTitle && titleViews > 0 ? Math.min(100, percentOf(answer.total_views, titleViews)) : null;
  return { ...answer, title_views_covered: covered, title_days_left_out: daysLeftOut(range, foldedMonthsOf(folded), false) };
}
