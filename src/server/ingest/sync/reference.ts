// Reference data once a Pacific day: video categories, interface languages and regions (3 units).
import { toLanguages, toRegions, toVideoCategories } from '../parse';
import { loadReferenceData } from '../api-load';
import { nowSeconds, type SyncContext } from './context';
import { reportQuota, syncInfo } from './log';
import { getState, setState } from './state';
import { pacificDay } from '../../google/pacific-day';

export const REFERENCE_JOB = 'reference';
const LAST_DAY_KEY = 'day:reference';
/** Names come back in this language (the reference tables hold English names). */
const DISPLAY_LANGUAGE = 'en_US';
/** Categories differ little by region; the US list is the complete one. */
const CATEGORY_REGION = 'US';

/** Refreshes categories, languages and countries unless done already this Pacific day. */
export async function syncReference(ctx: SyncContext): Promise<{ refreshed: boolean }> {
  const { data, db } = ctx;
  const today = pacificDay(ctx.now);
  if (!data || (await getState(db, LAST_DAY_KEY)) === today) return { refreshed: false };
  const [categories, languages, regions] = [
    toVideoCategories(
      await data.list(REFERENCE_JOB, 'videoCategories', { part: 'snippet', regionCode: CATEGORY_REGION, hl: DISPLAY_LANGUAGE }),
    ),
    toLanguages(await data.list(REFERENCE_JOB, 'i18nLanguages', { part: 'snippet', hl: DISPLAY_LANGUAGE })),
    toRegions(await data.list(REFERENCE_JOB, 'i18nRegions', { part: 'snippet', hl: DISPLAY_LANGUAGE })),
  ];
  const loaded = await loadReferenceData(db, { categories, languages, regions });
  await setState(db, LAST_DAY_KEY, today, nowSeconds(ctx));
  syncInfo(
    `${REFERENCE_JOB}: ${loaded.categories} categories (${loaded.skipped} out of range), ${loaded.languages} languages, ${loaded.countries} countries`,
  );
  await reportQuota(ctx.quota, REFERENCE_JOB);
  return { refreshed: true };
}
