// The partner fact grains and their metric columns, from which the monthly rollup SQL is generated.

/** Metrics of every grain (the demo generator's records carry these, camelCased). */
export const BASE_METRICS = [
  'views',
  'watch_time_minutes',
  'likes',
  'dislikes',
  'comments',
  'shares',
  'subscribers_gained',
  'subscribers_lost',
  'partner_revenue_micros',
] as const;
/** Estimated ad figures (ad impressions, monetized playbacks, gross ad revenue): every grain. */
export const AD_METRICS = ['ad_impressions', 'monetized_playbacks', 'gross_ad_revenue_micros'] as const;
/** Thumbnail reach: reach reports have no country dimension. */
export const REACH_METRICS = ['impressions', 'impression_clicks'] as const;
/**
 * YouTube's engaged views (basic a3 / a4 reports): the channel and format grains (migration 0046), where
 * Shorts are compared with long-form, and the video grain (0047); the country and title grains leave it out.
 */
export const ENGAGED_METRICS = ['engaged_views'] as const;

/** Views, engaged views and watch time by traffic source (migration 0045). */
export const TRAFFIC_METRICS = ['views', 'engaged_views', 'watch_time_minutes'] as const;
/** Views and watch time by YouTube search term (migration 0050). */
export const SEARCH_TERM_METRICS = ['views', 'watch_time_minutes'] as const;

/**
 * Videos with figures on a channel's day, and their (video, country) pairs, in the content-owner shape
 * (bench:size's reports: 271 and 5,538 a channel-day; the demo's 6 and 18): docs/data-model.md, "Video
 * grains (0047)".
 */
const VIDEO_ROWS_PER_CHANNEL_DAY = 300;
const VIDEO_COUNTRY_ROWS_PER_CHANNEL_DAY = 6_000;

export interface FactGrain {
  daily:
    | 'channel_daily'
    | 'channel_country_daily'
    | 'channel_title_daily'
    | 'channel_title_country_daily'
    | 'channel_traffic_daily'
    | 'channel_title_traffic_daily'
    | 'channel_format_daily'
    | 'video_daily'
    | 'video_country_daily'
    | 'video_traffic_daily'
    | 'channel_search_term_daily';
  monthly:
    | 'channel_monthly'
    | 'channel_country_monthly'
    | 'channel_title_monthly'
    | 'channel_title_country_monthly'
    | 'channel_traffic_monthly'
    | 'channel_title_traffic_monthly'
    | 'channel_format_monthly'
    | 'video_monthly'
    | 'video_country_monthly'
    | 'video_traffic_monthly'
    | 'channel_search_term_monthly';
  /** Key columns after (channel_id, day / month). */
  keys: readonly string[];
  /**
   * Summed columns. A metric the importer adds to a daily table is one more entry here (plus the
   * column on the monthly table in a migration); a test fails while a daily metric is missing.
   */
  metrics: readonly string[];
  /**
   * Columns of the monthly table that are not sums of the daily rows: copied from another table by
   * triggers (migration 0018: channel_monthly carries its month's finance statement), or each row's
   * share of that statement (migration 0020, set by statement-shares.ts).
   */
  carried?: readonly string[];
  /** Whether the rows carry their share of the month's statement, recomputed with each refill. */
  statementShares?: true;
  /** Daily rows per channel and day, generously rounded up: sizes each statement's work. */
  rowsPerChannelDay: number;
}

export const FACT_GRAINS: readonly FactGrain[] = [
  {
    daily: 'channel_daily',
    monthly: 'channel_monthly',
    keys: [],
    metrics: [...BASE_METRICS, ...AD_METRICS, ...REACH_METRICS, ...ENGAGED_METRICS],
    carried: ['statement_micros'],
    rowsPerChannelDay: 1,
  },
  {
    daily: 'channel_country_daily',
    monthly: 'channel_country_monthly',
    keys: ['country_code'],
    metrics: [...BASE_METRICS, ...AD_METRICS],
    carried: ['statement_share_micros'],
    statementShares: true,
    rowsPerChannelDay: 40,
  },
  {
    daily: 'channel_title_daily',
    monthly: 'channel_title_monthly',
    keys: ['title_id', 'video_type'],
    metrics: [...BASE_METRICS, ...AD_METRICS, ...REACH_METRICS],
    carried: ['statement_share_micros'],
    statementShares: true,
    rowsPerChannelDay: 10,
  },
  // Views by title and country: Geography under a titles filter (migration 0016).
  {
    daily: 'channel_title_country_daily',
    monthly: 'channel_title_country_monthly',
    keys: ['title_id', 'video_type', 'country_code'],
    metrics: ['views'],
    rowsPerChannelDay: 60,
  },
  // Views by traffic source, per channel and per title (migration 0045): the Traffic sources card.
  {
    daily: 'channel_traffic_daily',
    monthly: 'channel_traffic_monthly',
    keys: ['source_type'],
    metrics: TRAFFIC_METRICS,
    rowsPerChannelDay: 15,
  },
  {
    daily: 'channel_title_traffic_daily',
    monthly: 'channel_title_traffic_monthly',
    keys: ['title_id', 'video_type', 'source_type'],
    metrics: TRAFFIC_METRICS,
    rowsPerChannelDay: 100,
  },
  // Shorts, long-form, live and the channel page (migration 0046): every row of the channel grain, by format.
  {
    daily: 'channel_format_daily',
    monthly: 'channel_format_monthly',
    keys: ['video_type'],
    metrics: [...BASE_METRICS, ...AD_METRICS, ...REACH_METRICS, ...ENGAGED_METRICS],
    rowsPerChannelDay: 4,
  },
  // A page per video (migration 0047): every video of the channel grain, its month's share of the
  // channel's statement stored as the title months' are (migration 0048 follows statement changes).
  {
    daily: 'video_daily',
    monthly: 'video_monthly',
    keys: ['video_id'],
    metrics: [...BASE_METRICS, ...AD_METRICS, ...REACH_METRICS, ...ENGAGED_METRICS],
    carried: ['statement_share_micros'],
    statementShares: true,
    rowsPerChannelDay: VIDEO_ROWS_PER_CHANNEL_DAY,
  },
  {
    daily: 'video_country_daily',
    monthly: 'video_country_monthly',
    keys: ['video_id', 'country_code'],
    metrics: ['views'],
    rowsPerChannelDay: VIDEO_COUNTRY_ROWS_PER_CHANNEL_DAY,
  },
  // Views by traffic source per video, titled or not (migration 0047): the video page.
  {
    daily: 'video_traffic_daily',
    monthly: 'video_traffic_monthly',
    keys: ['video_id', 'source_type'],
    metrics: TRAFFIC_METRICS,
    rowsPerChannelDay: 400,
  },
  // YouTube search terms (migration 0050): a channel-day's top terms and its '' row of the rest, so a month's
  // '' row is the sum of its days' (a term outside a day's top list is counted there that day).
  {
    daily: 'channel_search_term_daily',
    monthly: 'channel_search_term_monthly',
    keys: ['term'],
    metrics: SEARCH_TERM_METRICS,
    rowsPerChannelDay: 51,
  },
];

/** Daily rows one statement may read: well inside D1's 30 s per query. */
export const FACT_ROWS_PER_STATEMENT = 1_000_000;
/** Keeps the JSON parameter of buckets around 40 KB. */
const MAX_BUCKETS_PER_STATEMENT = 2_000;
const DAYS_PER_MONTH = 31;

/** (channel, month) buckets one statement may refresh at this grain. */
export function bucketsPerStatement(grain: FactGrain): number {
  const byRows = Math.floor(FACT_ROWS_PER_STATEMENT / (grain.rowsPerChannelDay * DAYS_PER_MONTH));
  return Math.max(1, Math.min(MAX_BUCKETS_PER_STATEMENT, byRows));
}

// ?1 is a JSON array of [channel_id, 'YYYY-MM'] pairs.
const BUCKETS = 'SELECT value ->> 0 AS channel_id, value ->> 1 AS month FROM json_each(?1)';

/** Deletes the buckets of ?1, so a bucket whose daily rows are gone disappears too. */
export function deleteBucketsSql(grain: FactGrain): string {
  return `DELETE FROM ${grain.monthly} WHERE (channel_id, month) IN (${BUCKETS})`;
}

/** Refills the buckets of ?1 from the daily rows: one row per bucket and key, each metric summed. */
export function insertBucketsSql(grain: FactGrain): string {
  const keys = grain.keys.map((key) => `, d.${key}`).join('');
  const columns = ['channel_id', 'month', ...grain.keys, ...grain.metrics].join(', ');
  const sums = grain.metrics.map((metric) => `sum(d.${metric})`).join(', ');
  return `INSERT INTO ${grain.monthly} (${columns})
SELECT d.channel_id, b.month${keys}, ${sums}
FROM (${BUCKETS}) AS b
JOIN ${grain.daily} AS d ON d.channel_id = b.channel_id AND d.day BETWEEN b.month || '-01' AND b.month || '-31'
GROUP BY d.channel_id, b.month${keys}`;
}

/** Deletes monthly rows whose month has no daily rows left (a full rebuild's last step). */
export function deleteOrphansSql(grain: FactGrain): string {
  return `DELETE FROM ${grain.monthly} AS m WHERE NOT EXISTS (
  SELECT 1 FROM ${grain.daily} AS d
  WHERE d.channel_id = m.channel_id AND d.day BETWEEN m.month || '-01' AND m.month || '-31')`;
}
