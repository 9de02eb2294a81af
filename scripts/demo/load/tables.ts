// Columns of every generated table, in write order (parents first): how records map to rows when written directly.
import { METRICS, type TableName, type TableRecords, type UserRecord } from '../generate/records';

/** A users row as stored: the demo password replaced by its hash. */
export type UserRow = Omit<UserRecord, 'password'> & { passwordHash: string | null };

type Stored = Omit<TableRecords, 'users'> & { users: UserRow };

/** A channel's figures in the monthly history and in its latest state (channel_now). */
const HISTORY_FIGURES = [
  'subscriberCount',
  'viewCount',
  'videoCount',
  'monthlyViews',
  'monthlySubs',
  'watchTimeMinutes',
  'earningsMicros',
] as const satisfies readonly (keyof Stored['channel_history_monthly'] & keyof Stored['channel_now'])[];

/** Record fields per table; each field is written to the column of the same name in snake_case. */
export const TABLE_FIELDS: { readonly [K in TableName]: readonly (keyof Stored[K])[] } = {
  users: [
    'id',
    'email',
    'userName',
    'phone',
    'passwordHash',
    'showTitle',
    'onlyInhouseChannels',
    'showAnalytics',
    'dashboard',
    'support',
    'staff',
    'isActive',
    'createdAt',
  ],
  managers: ['userId', 'managerId', 'isActive'],
  networks: ['id', 'slug', 'name', 'ownerUserId', 'contentOwnerId', 'isPartner', 'isPublic', 'createdAt'],
  channels: [
    'id',
    'youtubeId',
    'title',
    'thumbnailUrl',
    'bannerUrl',
    'networkId',
    'categoryId',
    'languageCode',
    'countryCode',
    'publishedAt',
    'joinedOn',
    'isInhouse',
    'isUgc',
    'createdAt',
  ],
  channel_grants: ['userId', 'channelId', 'createdAt'],
  network_grants: ['userId', 'networkId', 'createdAt'],
  titles: ['id', 'title', 'iconUrl', 'createdAt'],
  videos: ['videoId', 'channelId', 'titleId', 'videoTitle', 'publishedAt', 'type', 'durationSeconds'],
  channel_daily: ['channelId', 'day', ...METRICS],
  channel_country_daily: ['channelId', 'day', 'countryCode', ...METRICS],
  channel_title_daily: ['channelId', 'day', 'titleId', 'videoType', ...METRICS],
  channel_audience_monthly: ['channelId', 'month', 'ageGroup', 'gender', 'views'],
  channel_finance_monthly: ['channelId', 'month', 'revenueMicros', 'adjustmentMicros', 'shortsMicros', 'finalizedAt'],
  illegal_copies: [
    'id',
    'claimId',
    'videoId',
    'videoTitle',
    'uploaderYoutubeId',
    'uploaderTitle',
    'channelId',
    'titleId',
    'referenceVideoId',
    'countryCode',
    'views',
    'earningsMicros',
    'claimStatus',
    'detectedOn',
  ],
  channel_claim_revenue_monthly: ['channelId', 'month', 'revenueMicros'],
  live_broadcasts: ['videoId', 'channelId', 'name', 'previewUrl', 'watchingCount', 'startedAt', 'endedAt'],
  support_tickets: [
    'id',
    'userId',
    'email',
    'subject',
    'description',
    'attachmentKey',
    'attachmentName',
    'attachmentSize',
    'attachmentType',
    'createdAt',
  ],
  channel_snapshots: ['channelId', 'day', 'subscriberCount', 'viewCount', 'videoCount'],
  channel_history_monthly: ['channelId', 'month', ...HISTORY_FIGURES],
  channel_now: ['channelId', 'day', ...HISTORY_FIGURES],
  channel_rankings: ['period', 'scope', 'scopeKey', 'position', 'channelId', 'previousPosition'],
  network_stats: ['networkId', 'period', 'channelsCount', 'subscriberCount', 'monthlyViews', 'monthlySubs', 'position', 'previousPosition'],
  global_stats: [
    'period',
    'categoryId',
    'languageCode',
    'countryCode',
    'channelsCount',
    'subscriberCount',
    'monthlyViews',
    'monthlySubs',
    'videoCount',
    'watchTimeMinutes',
  ],
  trend_videos: [
    'videoId',
    'channelId',
    'videoTitle',
    'description',
    'thumbnailUrl',
    'categoryId',
    'publishedAt',
    'viewCount',
    'likeCount',
    'dislikeCount',
    'commentCount',
  ],
  trend_positions: [
    'countryCode',
    'hour',
    'position',
    'videoId',
    'views',
    'likes',
    'dislikes',
    'comments',
    'previousPosition',
    'bestPosition',
  ],
};

/** Tables in write order. */
export const TABLE_ORDER = Object.keys(TABLE_FIELDS) as TableName[];

function snake(field: string): string {
  return field.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);
}

/**
 * One statement inserting any number of rows sent as a single JSON array of arrays: the SQL text
 * stays the same for every chunk (prepared once) and stays far below D1's statement size limit.
 */
export function insertSql(table: TableName): string {
  const fields = TABLE_FIELDS[table] as readonly string[];
  const columns = fields.map(snake).join(', ');
  const values = fields.map((_, i) => `value ->> ${i}`).join(', ');
  return `INSERT INTO ${table} (${columns}) SELECT ${values} FROM json_each(?)`;
}

/** The row's values in column order (fields missing from the row become NULL). */
export function rowValues(table: TableName, row: object): unknown[] {
  const fields = row as Record<string, unknown>;
  return (TABLE_FIELDS[table] as readonly string[]).map((field) => fields[field] ?? null);
}
