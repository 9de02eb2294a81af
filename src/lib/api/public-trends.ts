// Answers of the trends compatibility calls (docs/public-stats.md, "Trends"); the server's functions return them, the path table in ./public.ts names them per path.
import type { TrendTableRow } from '../trends/table';
import type { PeriodOption } from './public-global';

/** A video on a country's chart at one hour, in the compatibility call's field names. */
export interface TrendVideo {
  video_id: string;
  video_title: string;
  /** The channel's YouTube id ('UC' + 22). */
  channel_id: string;
  channel_title: string;
  thumbnail_url: string;
  /** Cut to the server's DESCRIPTION_MAX characters: the pages never show more. */
  description: string;
  /** Views at the chart hour. */
  views: number;
  /** Published, unix seconds. */
  add_time: number;
  position: number;
  /** Position an hour earlier; null when the video was not on the chart then. */
  last_position: number | null;
  best_position: number;
  country_code2: string;
}

export interface TrendItems {
  data: TrendVideo[];
  /** Videos on the chart at `hour`. */
  count: number;
  /** The chart hour used (unix seconds); null when the country has no chart at or before the asked hour. */
  hour: number | null;
}

/** A country the video charted in, best position first. */
export interface TrendCountry {
  country_code2: string;
  country_name: string;
  best_position: number;
  /** Hours spent on the chart (the period's, on the channel page). */
  hours: number;
}

/** One country's rank over time, oldest first. */
export interface RankSeries {
  country_code2: string;
  points: { hh: number; position: number }[];
}

/** Items shaped like the YouTube Data API's videos.list and channels.list answers. */
export interface VideoDetails {
  video: {
    id: string;
    snippet: {
      title: string;
      description: string;
      publishedAt: string;
      channelId: string;
      channelTitle: string;
      thumbnails: { medium: { url: string } };
    };
    statistics: { viewCount: string; likeCount: string | null; dislikeCount: string | null; commentCount: string | null };
  };
  channel: {
    id: string;
    snippet: { title: string; description: string; publishedAt: string | null; thumbnails: { default: { url: string } } };
    statistics: { viewCount: string | null; subscriberCount: string | null; videoCount: string | null };
  };
}

export interface TrendVideoReport {
  countries: TrendCountry[];
  /** The countries shown (asked ones the video charted in, else its first three). */
  chosen: string[];
  data: RankSeries[];
  table: TrendTableRow[];
  video_details: VideoDetails;
}

/** The channel's best position on one day (UTC+3) in one country, with the video that held it. */
export interface ChannelTrendDay {
  date: string;
  country_code2: string;
  position: number;
  video_id: string;
  video_title: string;
}

export interface ChannelTrendReport {
  channel: { channel_id: string; channel_title: string; thumbnail_url: string };
  /** 'now' or 'YYYY-MM'. */
  period: string;
  /** Months (UTC+3) the channel had a video on a chart, newest first, as 'YYYY-MM-01'. */
  periods: PeriodOption[];
  /** Countries the channel trended in during the period, best position first. */
  countries: TrendCountry[];
  chosen: string[];
  /** The chosen countries' days, newest first. */
  data: ChannelTrendDay[];
}
