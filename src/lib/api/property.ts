// The profile's PROPERTY block (POST /api/profile/videos, GET /api/profile/channels): the request body,
// the answer and the page sizes, declared once for the server, the browser client and the tests.

/** Rows per page of the property list (15, 25, 50 or 100; 50 unless asked). */
export const PROPERTY_PAGE_SIZES = [15, 25, 50, 100] as const;
export type PropertyPageSize = (typeof PROPERTY_PAGE_SIZES)[number];
export const DEFAULT_PROPERTY_PAGE_SIZE: PropertyPageSize = 50;
/** The last page anyone may ask for: 100 rows a page reach ten million videos, more than any account holds. */
export const MAX_PROPERTY_PAGE = 100_000;

/**
 * POST /api/profile/videos. Dates are YYYY-MM-DD publish days (UTC), in pairs; without them every
 * video is listed. channels and titles narrow the user's own (titles only with show_title).
 */
export interface ProfileVideosBody {
  date_from?: string;
  date_to?: string;
  channels?: string[];
  titles?: number[];
  /** From 1; a page past the last answers no videos and the total. */
  page?: number;
  per_page?: PropertyPageSize;
}

/** A video of the list; video_published is its publish day (UTC), null while unknown. */
export interface ProfileVideo {
  video_id: string;
  video_title: string;
  video_published: string | null;
  /** The channel's YouTube id, or 'ugc'. */
  channel_id: string;
  channel_title: string;
}

/**
 * The videos of one title next to each other on the page; title_id and title are null for videos
 * not matched to a title, and for every video of a user without show_title.
 */
export interface ProfileTitleVideos {
  title_id: number | null;
  title: string | null;
  title_ico: string;
  videos: ProfileVideo[];
}

/**
 * The answer: the page's videos in list order (undated first, then newest first), as runs of
 * consecutive videos of one title (a title may appear in several runs); total counts every page.
 */
export interface ProfileVideosAnswer {
  titles: ProfileTitleVideos[];
  total: number;
  page: number;
  per_page: PropertyPageSize;
}

/**
 * The page's videos in list order.
 * @example pageVideos(answer).length // at most answer.per_page
 */
export function pageVideos(answer: ProfileVideosAnswer): ProfileVideo[] {
  return answer.titles.flatMap((t) => t.videos);
}
