// The rankings' parameters (docs/public-stats.md, "Rankings"): one zod schema per call.
import * as z from 'zod';
import { optionalText, periodSchema } from '../params';
import { MAX_RANKING_PAGE, RANKING_METRIC_KEYS, type RankingMetricKey } from '../../../lib/public/ranking-metrics';

/** Every ranking shows at most this many rows (docs/public-stats.md, "Rankings"). */
export const RANKING_LIMIT = 200;

export type RankingMetric = RankingMetricKey;

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
  optionalText.pipe(z.enum(RANKING_METRIC_KEYS, { error: `must be one of ${RANKING_METRIC_KEYS.join(', ')}` }).default(fallback));
/** The page of `limit` rows (1 the first): the call's rows start at (page − 1) × limit + 1. */
const page = z.preprocess(
  blankAsAbsent,
  z.coerce
    .number('must be a whole number')
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(MAX_RANKING_PAGE, `must be at most ${MAX_RANKING_PAGE}`)
    .default(1),
);
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
  page,
});
export type TopChannelsQuery = z.infer<typeof topChannelsSchema>;

/** /stat/get_top_networks. */
export const topNetworksSchema = z.object({ lang, country, period: periodSchema, metric: metric('monthly_views'), limit, page });
export type TopNetworksQuery = z.infer<typeof topNetworksSchema>;

/** /stat/get_channels_top_by_mcn. */
export const networkChannelsSchema = z.object({
  network_mcn: networkMcn,
  period: periodSchema,
  metric: metric('monthly_views'),
  limit,
  page,
});
export type NetworkChannelsQuery = z.infer<typeof networkChannelsSchema>;

/** A page of a ranking: its rows and how many rows the whole ranking has. */
export interface RankingPage<Row> {
  rows: Row[];
  total: number;
}
