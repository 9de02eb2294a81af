// videoCategories.list, i18nLanguages.list, i18nRegions.list -> reference data for names in the UI.
import * as z from 'zod';
import { listResponse, parseApi } from './common';

const categoryListSchema = listResponse(
  'youtube#videoCategoryListResponse',
  z.object({
    id: z.string().regex(/^\d+$/),
    snippet: z.object({ title: z.string().min(1), assignable: z.boolean(), channelId: z.string().optional() }),
  }),
);
const languageListSchema = listResponse(
  'youtube#i18nLanguageListResponse',
  z.object({
    id: z.string().min(1),
    snippet: z.object({ hl: z.string().min(1), name: z.string().min(1) }),
  }),
);
const regionListSchema = listResponse(
  'youtube#i18nRegionListResponse',
  z.object({
    id: z.string().min(1),
    snippet: z.object({ gl: z.string().regex(/^[A-Z]{2}$/), name: z.string().min(1) }),
  }),
);

export interface VideoCategory {
  /** A string id ("10"): joins to snippet.categoryId and to the reports' category. */
  categoryId: string;
  title: string;
  /** false: YouTube no longer lets uploaders pick it, but old videos still carry it. */
  assignable: boolean;
}

/** Categories of one region (request with regionCode and hl). */
export function toVideoCategories(response: unknown): VideoCategory[] {
  return parseApi('videoCategories.list', categoryListSchema, response).items.map((c) => ({
    categoryId: c.id,
    title: c.snippet.title,
    assignable: c.snippet.assignable,
  }));
}

/** Interface languages: code (hl, e.g. "zh-CN") and display name. */
export function toLanguages(response: unknown): { languageCode: string; name: string }[] {
  return parseApi('i18nLanguages.list', languageListSchema, response).items.map((l) => ({
    languageCode: l.snippet.hl,
    name: l.snippet.name,
  }));
}

/** Content regions: ISO alpha-2 code (gl, same as country_code) and display name. */
export function toRegions(response: unknown): { countryCode: string; name: string }[] {
  return parseApi('i18nRegions.list', regionListSchema, response).items.map((r) => ({
    countryCode: r.snippet.gl,
    name: r.snippet.name,
  }));
}
