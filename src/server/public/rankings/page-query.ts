// The rankings pages' query: each value parsed alone, so a bad one falls back to its default instead of an error page.
import * as z from 'zod';
import { RANKING_LIMIT, topChannelsSchema, topNetworksSchema, type TopChannelsQuery, type TopNetworksQuery } from './query';

/** One field of a schema from the URL, or its default (absent, empty or invalid all read the same). */
function field<T>(schema: z.ZodType<T>, url: URL, key: string): T {
  const parsed = schema.safeParse(url.searchParams.get(key) ?? undefined);
  if (parsed.success) return parsed.data;
  return schema.parse(undefined);
}

/** /channels: lang, category, country, period; the metric and the limit are the page's own. */
export function readChannelsPageQuery(url: URL): TopChannelsQuery {
  const shape = topChannelsSchema.shape;
  return {
    lang: field(shape.lang, url, 'lang'),
    category: field(shape.category, url, 'category'),
    country: field(shape.country, url, 'country'),
    period: field(shape.period, url, 'period'),
    metric: 'subscriber_count',
    limit: RANKING_LIMIT,
  };
}

/** /networks: lang, country, period; ranked by monthly views. */
export function readNetworksPageQuery(url: URL): TopNetworksQuery {
  const shape = topNetworksSchema.shape;
  return {
    lang: field(shape.lang, url, 'lang'),
    country: field(shape.country, url, 'country'),
    period: field(shape.period, url, 'period'),
    metric: 'monthly_views',
    limit: RANKING_LIMIT,
  };
}
