-- A channel's recent uploads for its public page (docs/sync.md, "Recent uploads"; docs/public-stats.md):
-- the hourly `uploads` job reads each tracked channel's uploads playlist (playlistItems.list) and the
-- videos' counts (videos.list), keeps the latest UPLOADS_KEPT (12) per channel and the counts it first
-- saw each video with, so the page shows growth since then. A newer list replaces the channel's rows:
-- videos that left it (older, deleted, made private) are deleted in the same batch.
-- Size: at most 12 rows per channel of ≈ 200 B (title up to 100 characters, thumbnail URL ≈ 48, ids
-- and eleven integers), ≈ 2.4 KB a channel: at 100,000 channels ≈ 1.2 M rows, ≈ 240 MB with the key.
-- It does not grow with time.
CREATE TABLE channel_uploads (
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  -- YouTube's 11-character video id.
  video_id TEXT NOT NULL,
  -- Place in the uploads playlist when last read: 0 is the newest.
  position INTEGER NOT NULL CHECK (position >= 0),
  title TEXT NOT NULL,
  -- Unix seconds (videos.list snippet.publishedAt).
  published_at INTEGER NOT NULL,
  thumbnail_url TEXT NOT NULL DEFAULT '',
  duration_seconds INTEGER,
  -- The latest counts; NULL when YouTube does not show them (likes and comments can be hidden or off).
  view_count INTEGER,
  like_count INTEGER,
  comment_count INTEGER,
  -- When the job first stored the video, and its counts then (growth = latest − first).
  first_seen_at INTEGER NOT NULL,
  first_view_count INTEGER,
  first_like_count INTEGER,
  first_comment_count INTEGER,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (channel_id, video_id)
) WITHOUT ROWID;

-- Where the job stands per channel: the uploads playlist channels.list named (contentDetails) and when the
-- playlist was last read, so never-read channels go first, then the longest unread. One row per channel
-- snapshotted or read (≈ 60 B: ≈ 6 MB at 100,000 channels).
CREATE TABLE channel_upload_fetches (
  channel_id INTEGER PRIMARY KEY REFERENCES channels (id) ON DELETE CASCADE,
  -- contentDetails.relatedPlaylists.uploads; NULL until a snapshot names it ('UU' + the id's tail is used then).
  uploads_playlist_id TEXT,
  -- Unix seconds of the last read that was stored; NULL = never read.
  fetched_at INTEGER,
  -- 'listed' (the playlist answered) or 'no-uploads' (404: no uploads, or the channel is gone).
  outcome TEXT CHECK (outcome IS NULL OR outcome IN ('listed', 'no-uploads'))
);
CREATE INDEX channel_upload_fetches_fetched ON channel_upload_fetches (fetched_at);
