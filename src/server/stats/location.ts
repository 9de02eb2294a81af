// POST /api/stat/location: views by country and continent, as shares of the range's views.
import { continentOf, countryName } from './continents';
import { compileStatQuery } from './query';
import type { StatRequest } from './request';
import { runBatch } from './runner';

export interface CountryShare {
  name: string;
  code2: string;
  views: number;
  value: number;
}

export interface LocationAnswer {
  rows: Array<{ name: string; value: number; views: number; countries: CountryShare[] }>;
  countries: CountryShare[];
  total_views: number;
}

/** Percent with 2 decimals; 0 of 0 is 0. */
export const percentOf = (part: number, whole: number): number => (whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0);

/** Groups country views into continents, both sorted by views descending. */
export function toLocationAnswer(rows: Array<{ code2: string; views: number }>): LocationAnswer {
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
 * Views per country from the country grain (whole months from its rollup).
 * @example await getLocation(env.DB, request)
 */
export async function getLocation(db: D1Database, req: StatRequest): Promise<LocationAnswer> {
  const query = compileStatQuery({ scope: req.scope, metrics: ['views'], dimensions: ['country'], range: req.sumRange });
  const [rows = []] = await runBatch(db, [query]);
  return toLocationAnswer(rows.map((r) => ({ code2: String(r.country_code), views: Number(r.views) })));
}
