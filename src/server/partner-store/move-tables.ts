// What `partner-move` (move-network.ts) carries from the shared D1 into a network's store: every table a
// split import, rollup refresh or copy load writes there, in an order the store's foreign keys accept.
// Yearly rollups come after their monthly ones: inserting a month adds to its year by trigger, and the
// year's own row, copied after, sets the exact value.
// tests/integration/partner-move.test.ts checks the list against the tables a split import fills.

/** A table's rows of a network (an SQL expression: a parameter or a column), as a condition on the shared D1. */
type Owner = (network: string) => string;
const OF_CHANNELS: Owner = (network) => `channel_id IN (SELECT id FROM channels WHERE network_id = ${network})`;
const OF_NETWORK: Owner = (network) => `network_id = ${network}`;

export interface MovedTable {
  name: string;
  /** Primary key columns in key order: pages are read in this order, and rows upserted on it. */
  key: readonly string[];
  /** The network's rows in the shared D1. */
  owner: Owner;
  /**
   * Catalogue rows are copied (and stay in the shared D1, which still names them); every other table is
   * emptied in the store before a copy and pruned from the shared D1 after the switch.
   */
  catalogue?: true;
  /** A money column whose sum the check compares, besides the row count. */
  money?: string;
}

const fact = (name: string, key: readonly string[], money?: string): MovedTable => ({
  name,
  key: ['channel_id', ...key],
  owner: OF_CHANNELS,
  ...(money ? { money } : {}),
});

const GRAIN_KEYS = {
  channel: [],
  country: ['country_code'],
  title: ['title_id', 'video_type'],
  title_country: ['title_id', 'video_type', 'country_code'],
  format: ['video_type'],
  audience: ['age_group', 'gender'],
  title_audience: ['title_id', 'video_type', 'age_group', 'gender'],
  traffic: ['source_type'],
  title_traffic: ['title_id', 'video_type', 'source_type'],
  video: ['video_id'],
  video_country: ['video_id', 'country_code'],
  video_audience: ['video_id', 'age_group', 'gender'],
  video_traffic: ['video_id', 'source_type'],
  search_term: ['term'],
} as const;

const REVENUE = 'partner_revenue_micros';

export const MOVED_TABLES: readonly MovedTable[] = [
  { name: 'networks', key: ['id'], owner: (network) => `id = ${network}`, catalogue: true },
  { name: 'channels', key: ['id'], owner: OF_NETWORK, catalogue: true },
  // The importer gives every title its network; titles of none (written by hand) may be anyone's.
  { name: 'titles', key: ['id'], owner: (network) => `network_id = ${network} OR network_id IS NULL`, catalogue: true },
  { name: 'videos', key: ['video_id'], owner: OF_CHANNELS, catalogue: true },
  { name: 'report_files', key: ['id'], owner: OF_NETWORK },
  fact('report_slices', ['day', 'family']),
  fact('rollup_pending', ['month']),
  fact('channel_daily', ['day'], REVENUE),
  // After the days, whose copy its triggers (migration 0034) add up in the store: the copy then sets the
  // exact rows. Pruned (in reverse) before them, so their deletes find nothing left to take from.
  { name: 'network_daily', key: ['network_id', 'day'], owner: OF_NETWORK, money: 'earnings_micros' },
  fact('channel_country_daily', ['day', ...GRAIN_KEYS.country], REVENUE),
  fact('channel_title_daily', ['day', ...GRAIN_KEYS.title], REVENUE),
  fact('channel_title_country_daily', ['day', ...GRAIN_KEYS.title_country]),
  fact('channel_format_daily', ['day', ...GRAIN_KEYS.format], REVENUE),
  fact('channel_audience_daily', ['day', ...GRAIN_KEYS.audience]),
  fact('channel_title_audience_daily', ['day', ...GRAIN_KEYS.title_audience]),
  // Views by traffic source (migration 0045).
  fact('channel_traffic_daily', ['day', ...GRAIN_KEYS.traffic]),
  fact('channel_title_traffic_daily', ['day', ...GRAIN_KEYS.title_traffic]),
  // Per video (migration 0047).
  fact('video_daily', ['day', ...GRAIN_KEYS.video], REVENUE),
  fact('video_country_daily', ['day', ...GRAIN_KEYS.video_country]),
  // A video's audience and sources (migration 0047): the video page.
  fact('video_audience_daily', ['day', ...GRAIN_KEYS.video_audience]),
  fact('video_traffic_daily', ['day', ...GRAIN_KEYS.video_traffic]),
  // YouTube search terms (migration 0050).
  fact('channel_search_term_daily', ['day', ...GRAIN_KEYS.search_term]),
  // Statements before the months they are carried on: a prune (in reverse) then deletes the months first,
  // so the statements' delete trigger finds nothing left to update.
  fact('channel_finance_monthly', ['month'], 'revenue_micros'),
  // Claims revenue of partner channels (migration 0037): a part of the UGC channel's finance, not added to theirs.
  fact('channel_claim_revenue_monthly', ['month'], 'revenue_micros'),
  fact('channel_monthly', ['month'], REVENUE),
  fact('channel_country_monthly', ['month', ...GRAIN_KEYS.country], REVENUE),
  fact('channel_title_monthly', ['month', ...GRAIN_KEYS.title], REVENUE),
  fact('channel_title_country_monthly', ['month', ...GRAIN_KEYS.title_country]),
  fact('channel_format_monthly', ['month', ...GRAIN_KEYS.format], REVENUE),
  fact('channel_audience_monthly', ['month', ...GRAIN_KEYS.audience]),
  fact('channel_title_audience_monthly', ['month', ...GRAIN_KEYS.title_audience]),
  fact('channel_traffic_monthly', ['month', ...GRAIN_KEYS.traffic]),
  fact('channel_title_traffic_monthly', ['month', ...GRAIN_KEYS.title_traffic]),
  fact('video_monthly', ['month', ...GRAIN_KEYS.video], REVENUE),
  fact('video_country_monthly', ['month', ...GRAIN_KEYS.video_country]),
  fact('video_audience_monthly', ['month', ...GRAIN_KEYS.video_audience]),
  fact('video_traffic_monthly', ['month', ...GRAIN_KEYS.video_traffic]),
  fact('channel_search_term_monthly', ['month', ...GRAIN_KEYS.search_term]),
  // After the title months it freezes (migration 0027's triggers): copied once they are in, pruned and
  // cleared (in reverse) before them, so neither the copy nor the prune is skipped by its triggers.
  fact('title_folds', ['month']),
  fact('channel_country_yearly', ['year', ...GRAIN_KEYS.country], REVENUE),
  fact('channel_title_yearly', ['year', ...GRAIN_KEYS.title], REVENUE),
  fact('channel_audience_yearly', ['year', ...GRAIN_KEYS.audience]),
  { name: 'illegal_copies', key: ['id'], owner: OF_CHANNELS, money: 'earnings_micros' },
  fact('copy_daily', ['day', 'video_id', 'country_code'], REVENUE),
  { name: 'copy_totals', key: ['video_id', 'channel_id'], owner: OF_CHANNELS, money: REVENUE },
  { name: 'copy_country_totals', key: ['video_id', 'channel_id', 'country_code'], owner: OF_CHANNELS, money: REVENUE },
];
