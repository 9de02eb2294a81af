// The hidden parameters behind a partner channel's numbers, and the shared shapes of a year and a week.
import type { ChannelRecord, VideoType } from './records';

export interface CountryShare {
  code: string;
  share: number;
  /** USD per 1,000 long-form views in that country. */
  rpm: number;
}

/** A (title, video type) pair that earns on a channel from its first video's publish day. */
export interface TitleCell {
  titleId: number;
  type: VideoType;
  fromDay: number;
  weight: number;
}

export interface ChannelModel {
  /** Daily views around the last fact day, before seasonality and noise. */
  baseViews: number;
  /** Yearly growth rate of views (log scale): 0.4 is about +50 % a year. */
  growthPerYear: number;
  shortsShare: number;
  liveShare: number;
  avdSeconds: Record<VideoType, number>;
  /** Category and channel factor on top of the country RPM. */
  rpmFactor: number;
  likeRate: number;
  dislikeRatio: number;
  commentRate: number;
  shareRate: number;
  /** Subscribers gained per view; 0 for the UGC pseudo-channel. */
  subRate: number;
  lostRatio: number;
  countries: CountryShare[];
  /** Subscribers and lifetime views around the last snapshot day (public counters). */
  subscribers: number;
  lifetimeViews: number;
}

/** A partner channel: its row, its model, and (once videos exist) the cells its views go to. */
export interface PartnerChannel {
  record: ChannelRecord;
  model: ChannelModel;
  /** Titles the channel publishes, most viewed first. */
  titleIds: number[];
  cells: TitleCell[];
  /** First day of facts: the later of the first fact day and the day it joined the network. */
  factsStart: number;
}

/** Views by weekday, Sunday first: weekends are busier. */
export const WEEKLY_VIEWS = [1.1, 0.95, 0.93, 0.94, 0.96, 1.02, 1.12] as const;

/** Ad rates by month, January first: advertisers spend most before the holidays. */
export const AD_SEASON = [0.78, 0.84, 0.95, 0.93, 0.96, 0.97, 0.93, 0.95, 1.0, 1.06, 1.2, 1.35] as const;

/** How a view of each video type differs from a long-form view. */
export const TYPE_FACTORS: Record<VideoType, { rpm: number; likes: number; comments: number; shares: number; subs: number }> = {
  full: { rpm: 1, likes: 1, comments: 1, shares: 1, subs: 1 },
  short: { rpm: 0.06, likes: 1.4, comments: 0.3, shares: 1.6, subs: 0.4 },
  live: { rpm: 0.75, likes: 0.8, comments: 1.5, shares: 0.6, subs: 1.3 },
};

export const VIDEO_TYPES: readonly VideoType[] = ['full', 'short', 'live'];

/** Share of a channel's subscribers gained on its videos (the rest on the channel page). */
export const VIDEO_SUBSCRIBER_SHARE = 0.85;
