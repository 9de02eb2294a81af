// The generated records, one type per table; field names are the columns in camelCase.
import { BASE_METRICS } from '../../../src/server/ingest/rollup/fact-metrics.ts';

export type VideoType = 'full' | 'short' | 'live';

export interface UserRecord {
  id: number;
  email: string;
  userName: string;
  phone: string;
  /** Plain text for demo sign-ins (the loader hashes it); null for staff without a password. */
  password: string | null;
  showTitle: 0 | 1;
  onlyInhouseChannels: 0 | 1;
  showAnalytics: 0 | 1;
  dashboard: 'analytics' | null;
  /** Answers support tickets (migration 0021). */
  support: 0 | 1;
  /** Operates the console at /admin (migration 0030). */
  staff: 0 | 1;
  isActive: 0 | 1;
  createdAt: number;
}
export interface ManagerRecord {
  userId: number;
  managerId: number;
  isActive: 0 | 1;
}
export interface NetworkRecord {
  id: number;
  slug: string;
  name: string;
  ownerUserId: number | null;
  contentOwnerId: string | null;
  isPartner: 0 | 1;
  isPublic: 0 | 1;
  createdAt: number;
}
export interface ChannelRecord {
  id: number;
  youtubeId: string | null;
  title: string;
  thumbnailUrl: string;
  bannerUrl: string;
  networkId: number | null;
  categoryId: number | null;
  languageCode: string | null;
  countryCode: string | null;
  publishedAt: number | null;
  joinedOn: string | null;
  isInhouse: 0 | 1;
  isUgc: 0 | 1;
  createdAt: number;
}
export interface ChannelGrantRecord {
  userId: number;
  channelId: number;
  createdAt: number;
}
export interface NetworkGrantRecord {
  userId: number;
  networkId: number;
  createdAt: number;
}
export interface TitleRecord {
  id: number;
  title: string;
  iconUrl: string;
  createdAt: number;
}
export interface VideoRecord {
  videoId: string;
  channelId: number;
  titleId: number | null;
  videoTitle: string;
  publishedAt: number | null;
  type: VideoType;
  durationSeconds: number | null;
}

/** A snake_case column name as its camelCase record field. */
type Field<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<Field<Tail>>}` : S;
const field = <S extends string>(column: S) => column.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase()) as Field<S>;

/** The metrics every partner fact row carries: the rollup's metrics of every grain, in its order. */
export const METRICS = BASE_METRICS.map(field);
export type Metrics = Record<(typeof METRICS)[number], number>;
export interface ChannelDayRecord extends Metrics {
  channelId: number;
  day: string;
}
export interface ChannelCountryDayRecord extends Metrics {
  channelId: number;
  day: string;
  countryCode: string;
}
export interface ChannelTitleDayRecord extends Metrics {
  channelId: number;
  day: string;
  titleId: number;
  videoType: VideoType;
}
export interface AudienceRecord {
  channelId: number;
  month: string;
  ageGroup: string;
  gender: 'male' | 'female' | 'user_specified';
  views: number;
}
export interface FinanceRecord {
  channelId: number;
  month: string;
  revenueMicros: number;
  adjustmentMicros: number;
  /** Of revenueMicros, what the channel's Shorts earned (0 to revenueMicros). */
  shortsMicros: number;
  finalizedAt: number;
}
/** A partner channel's part of the UGC channel's finance month: what claimed copies of its content earned. */
export interface ClaimRevenueRecord {
  channelId: number;
  month: string;
  revenueMicros: number;
}
export interface IllegalCopyRecord {
  id: number;
  claimId: string;
  videoId: string;
  videoTitle: string;
  uploaderYoutubeId: string;
  uploaderTitle: string;
  channelId: number;
  titleId: number | null;
  /** The partner video copied (the claim's reference video): a published video of channelId and titleId. */
  referenceVideoId: string | null;
  countryCode: string;
  views: number;
  earningsMicros: number;
  claimStatus: 'claimed' | 'blocked';
  detectedOn: string;
}
export interface BroadcastRecord {
  videoId: string;
  channelId: number;
  name: string;
  previewUrl: string;
  watchingCount: number;
  startedAt: number;
  endedAt: number | null;
}
export interface SupportTicketRecord {
  id: number;
  userId: number | null;
  email: string;
  subject: string;
  description: string;
  attachmentKey: string | null;
  attachmentName: string | null;
  attachmentSize: number | null;
  attachmentType: string | null;
  createdAt: number;
}

export interface SnapshotRecord {
  channelId: number;
  day: string;
  subscriberCount: number;
  viewCount: number;
  videoCount: number;
}
/** The figures of a channel over one period ('now' or a month). */
export interface PeriodFigures {
  subscriberCount: number;
  viewCount: number;
  videoCount: number;
  monthlyViews: number;
  monthlySubs: number;
  watchTimeMinutes: number;
  earningsMicros: number;
}
export interface HistoryRecord extends PeriodFigures {
  channelId: number;
  month: string;
}
export interface ChannelNowRecord extends PeriodFigures {
  channelId: number;
  day: string;
}
export interface RankingRecord {
  period: string;
  scope: 'overall' | 'category' | 'language' | 'country';
  scopeKey: string;
  position: number;
  channelId: number;
  previousPosition: number | null;
}
export interface NetworkStatsRecord {
  networkId: number;
  period: string;
  channelsCount: number;
  subscriberCount: number;
  monthlyViews: number;
  monthlySubs: number;
  position: number;
  previousPosition: number | null;
}
export interface GlobalStatsRecord {
  period: string;
  categoryId: number;
  languageCode: string;
  countryCode: string;
  channelsCount: number;
  subscriberCount: number;
  monthlyViews: number;
  monthlySubs: number;
  videoCount: number;
  watchTimeMinutes: number;
}
export interface TrendVideoRecord {
  videoId: string;
  channelId: number;
  videoTitle: string;
  description: string;
  thumbnailUrl: string;
  categoryId: number | null;
  publishedAt: number;
  viewCount: number;
  likeCount: number | null;
  dislikeCount: number | null;
  commentCount: number | null;
}
export interface TrendPositionRecord {
  countryCode: string;
  hour: number;
  position: number;
  videoId: string;
  views: number;
  likes: number | null;
  dislikes: number | null;
  comments: number | null;
  previousPosition: number | null;
  bestPosition: number;
}

/** Table name to record type, in the order rows must be written (parents first). */
export interface TableRecords {
  users: UserRecord;
  managers: ManagerRecord;
  networks: NetworkRecord;
  channels: ChannelRecord;
  channel_grants: ChannelGrantRecord;
  network_grants: NetworkGrantRecord;
  titles: TitleRecord;
  videos: VideoRecord;
  channel_daily: ChannelDayRecord;
  channel_country_daily: ChannelCountryDayRecord;
  channel_title_daily: ChannelTitleDayRecord;
  channel_audience_monthly: AudienceRecord;
  channel_finance_monthly: FinanceRecord;
  illegal_copies: IllegalCopyRecord;
  channel_claim_revenue_monthly: ClaimRevenueRecord;
  live_broadcasts: BroadcastRecord;
  support_tickets: SupportTicketRecord;
  channel_snapshots: SnapshotRecord;
  channel_history_monthly: HistoryRecord;
  channel_now: ChannelNowRecord;
  channel_rankings: RankingRecord;
  network_stats: NetworkStatsRecord;
  global_stats: GlobalStatsRecord;
  trend_videos: TrendVideoRecord;
  trend_positions: TrendPositionRecord;
}
export type TableName = keyof TableRecords;

/** One generated row, tagged with its table. */
export type TaggedRecord = { [K in TableName]: { table: K; row: TableRecords[K] } }[TableName];
