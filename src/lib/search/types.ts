// Answers of the channel search calls, shared by the server functions and the search islands.

/** One result row in the search call's field names (docs/public-stats.md, "Channel search"). */
export interface SearchRow {
  channel_id: string;
  channel_title: string;
  thumbnail_url: string;
  subscriber_count: number;
  monthly_views: number;
  /** Estimated watch time of the 30 days, in minutes like every other public call (pages show hours). */
  watchtime: number;
  /** The channel's language as [{language_code, english_name}] (empty when unknown). */
  lang_list: { language_code: string; english_name: string }[];
  /** Category name, or '' when unknown. */
  category: string;
  /** YouTube's category id, or null. */
  yt_category: number | null;
  /** Country code2, or '' when unknown. */
  country: string;
}

/** A channel row of the overlay. Untracked channels found on YouTube have no figures. */
export interface OverlayChannel {
  channel_id: string;
  channel_title: string;
  thumbnail_url: string;
  subscriber_count: number | null;
  monthly_views: number | null;
  /** false: found on YouTube only, not in our data. */
  tracked: boolean;
}

/** A trending video found by title (Top videos in the overlay). */
export interface TrendSearchRow {
  video_id: string;
  video_title: string;
  channel_id: string;
  channel_title: string;
  thumbnail_url: string;
  views: number;
}

/** One batch of /find results and the total that match. */
export interface SearchPage {
  data: SearchRow[];
  count: number;
}
