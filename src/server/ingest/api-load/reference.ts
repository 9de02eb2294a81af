// videoCategories / i18nLanguages / i18nRegions into the reference tables (names as YouTube gives them).
import type { VideoCategory } from '../parse';
import { statement } from '../../db/query';
import { raw } from '../../db/sql';

/** categories.id is checked to YouTube's range; ids outside it are skipped, not stored. */
const CATEGORY_ID_MIN = 1;
const CATEGORY_ID_MAX = 44;

const UPSERT_CATEGORIES = `
INSERT INTO categories (id, name, is_assignable)
SELECT j.value ->> 'id', j.value ->> 'name', j.value ->> 'assignable' FROM json_each(?1) AS j WHERE true
ON CONFLICT (id) DO UPDATE SET name = excluded.name, is_assignable = excluded.is_assignable`;
const UPSERT_LANGUAGES = `
INSERT INTO languages (code, english_name)
SELECT j.value ->> 'code', j.value ->> 'name' FROM json_each(?1) AS j WHERE true
ON CONFLICT (code) DO UPDATE SET english_name = excluded.english_name`;
const UPSERT_COUNTRIES = `
INSERT INTO countries (code2, name)
SELECT j.value ->> 'code', j.value ->> 'name' FROM json_each(?1) AS j WHERE true
ON CONFLICT (code2) DO UPDATE SET name = excluded.name`;

export interface ReferenceData {
  categories: VideoCategory[];
  languages: { languageCode: string; name: string }[];
  regions: { countryCode: string; name: string }[];
}

/**
 * Upserts the three lists in one batch. Nothing is deleted: a category, language or region that
 * leaves YouTube's list is still referenced by older rows.
 * @example await loadReferenceData(env.DB, { categories, languages, regions })
 */
export async function loadReferenceData(
  db: D1Database,
  data: ReferenceData,
): Promise<{ categories: number; languages: number; countries: number; skipped: number }> {
  const categories = data.categories
    .map((c) => ({ id: Number(c.categoryId), name: c.title, assignable: c.assignable ? 1 : 0 }))
    .filter((c) => Number.isInteger(c.id) && c.id >= CATEGORY_ID_MIN && c.id <= CATEGORY_ID_MAX);
  const languages = data.languages.map((l) => ({ code: l.languageCode, name: l.name }));
  const countries = data.regions.map((r) => ({ code: r.countryCode, name: r.name }));
  await db.batch([
    statement(db, raw(UPSERT_CATEGORIES, JSON.stringify(categories))),
    statement(db, raw(UPSERT_LANGUAGES, JSON.stringify(languages))),
    statement(db, raw(UPSERT_COUNTRIES, JSON.stringify(countries))),
  ]);
  return {
    categories: categories.length,
    languages: languages.length,
    countries: countries.length,
    skipped: data.categories.length - categories.length,
  };
}
