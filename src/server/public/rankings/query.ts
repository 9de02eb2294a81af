// The rankings' parameters (docs/public-stats.md, "Rankings"): one zod schema per call.
import * as z from 'zod';
import { optionalText, periodSchema } from '../params';

/** Every ranking shows at most this many rows (docs/public-stats.md, "Rankings"). */
export const RANKING_LIMIT = 200;

export const CHANNEL_METRICS = ['subscriber_count', 'monthly_views', 'monthly_subs'] as const;
export type RankingMetric = (typeof CHANNEL_METRICS)[number];

const lang = optionalText.pipe(
  z
    .string()
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'must be a language code like en or pt-PT')
    .optional(),
);
const country = optionalText.pipe(
  z
    .string()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter country code like US')
    .optional(),
);
const blankAsAbsent = (v: unknown) => (v === '' ? undefined : v);
const category = z.preprocess(
  blankAsAbsent,
  z.coerce.number('must be a category id').int('must be a category id').positive('must be a category id').optional(),
);
const limit = z.preprocess(
  blankAsAbsent,
  z.coerce
    .number('must be a whole number')
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(RANKING_LIMIT, `must be at most ${RANKING_LIMIT}`)
    .default(RANKING_LIMIT),
);
const metric = (fallback: RankingMetric) =>
  optionalText.pipe(z.enum(CHANNEL_METRICS, { error: `must be one of ${CHANNEL_METRICS.join(', ')}` }).default(fallback));
const networkMcn = z
  .string()
  .trim()
  .min(1, 'give the network')
  .max(100)
  .regex(/^[a-z0-9][a-z0-9_.-]*$/, 'must be a network id like some-network');

/** /stat/get_top_channels: `format` is accepted and ignored (the answer is always JSON). */
export const topChannelsSchema = z.object({
  lang,
  category,
  country,
  period: periodSchema,
  metric: metric('subscriber_count'),
  limit,
});
export type TopChannelsQuery = z.infer<typeof topChannelsSchema>;

/** /stat/get_top_networks. */
export const topNetworksSchema = z.object({ lang, country, period: periodSchema, metric: metric('monthly_views'), limit });
export type TopNetworksQuery = z.infer<typeof topNetworksSchema>;

/** /stat/get_channels_top_by_mcn. */
export const networkChannelsSchema = z.object({
  network_mcn: networkMcn,
  period: periodSchema,
  metric: metric('monthly_views'),
  limit,
});
export type NetworkChannelsQuery = z.infer<typeof networkChannelsSchema>;

/** Ties break the way the stored lists do: subscribers, then monthly views, then the older channel. */
export function orderBy(metric: RankingMetric, alias: string): string {
  const keys: RankingMetric[] = [metric, ...CHANNEL_METRICS.filter((m) => m !== metric && m !== 'monthly_subs')];
  return [...new Set(keys)].map((key) => `${alias}.${key} DESC`).join(', ') + `, ${alias}.channel_id`;
}
