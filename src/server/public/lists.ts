// Filter options of the public pages (docs/public-stats.md, "Common to every screen"): languages, periods, categories, countries.
import { raw } from '../db/sql';
import { all } from '../db/query';
import type { PublicContext } from './context';
import type { CategoryOption, CountryOption, LanguageOption, PeriodOption } from '../../lib/api/public-global';

/** One list of options, its rows as the query names them. */
function options<T>(db: D1Database, query: string): Promise<T[]> {
  return all<T>(db, raw(query), 'sql');
}

/** Languages that tracked channels speak, by English name. */
export async function listLanguages({ db }: PublicContext): Promise<LanguageOption[]> {
  return options<LanguageOption>(
    db,
    `SELECT l.english_name, l.code AS language_code FROM languages AS l
    WHERE l.code IN (SELECT DISTINCT language_code FROM global_stats WHERE period = 'now')
    ORDER BY l.english_name`,
  );
}

/** Months the public rollups cover, newest first ('now' is offered by the pages themselves). */
export async function listPeriods({ db }: PublicContext): Promise<PeriodOption[]> {
  return options<PeriodOption>(
    db,
    `SELECT DISTINCT period || '-01' AS period FROM global_stats
    WHERE period <> 'now' ORDER BY period DESC`,
  );
}

/** Categories that tracked channels use, by name. */
export async function listCategories({ db }: PublicContext): Promise<CategoryOption[]> {
  return options<CategoryOption>(
    db,
    `SELECT c.name AS category_name, c.id AS category_id FROM categories AS c
    WHERE c.id IN (SELECT DISTINCT category_id FROM global_stats WHERE period = 'now')
    ORDER BY c.name`,
  );
}

/** Countries of tracked channels, by name ('ZZ', unknown, left out). */
export async function listChannelCountries({ db }: PublicContext): Promise<CountryOption[]> {
  return options<CountryOption>(
    db,
    `SELECT c.name AS country_name, c.code2, c.code2 AS country_code2 FROM countries AS c
    WHERE c.code2 IN (SELECT DISTINCT country_code FROM global_stats WHERE period = 'now') AND c.code2 <> 'ZZ'
    ORDER BY c.name`,
  );
}

/** Countries that have hourly trend charts, by name. */
export async function listTrendCountries({ db }: PublicContext): Promise<CountryOption[]> {
  return options<CountryOption>(
    db,
    `SELECT c.name AS country_name, c.code2, c.code2 AS country_code2 FROM countries AS c
    WHERE EXISTS (SELECT 1 FROM trend_positions AS t WHERE t.country_code = c.code2)
    ORDER BY c.name`,
  );
}
