// The answer of /stat/channel_uploads and the channel page's Recent uploads: a channel's newest uploads.

/** One upload with its latest counts and how they grew since the sync first saw it. Times are ISO 8601 UTC. */
export interface ChannelUpload {
  video_id: string;
  title: string;
  published_at: string;
  thumbnail_url: string;
  duration_seconds: number | null;
  /** null when YouTube does not show the count (likes and comments can be hidden or turned off). */
  views: number | null;
  likes: number | null;
  comments: number | null;
  first_seen_at: string;
  /** Latest minus first seen; null when either count is unknown. */
  views_growth: number | null;
  likes_growth: number | null;
  comments_growth: number | null;
}

export interface ChannelUploads {
  channel_id: string;
  /** When the newest of these rows was read from YouTube; null when none are held yet. */
  updated_at: string | null;
  /** Newest first, at most the job's 12. */
  uploads: ChannelUpload[];
}
