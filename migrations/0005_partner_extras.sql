-- Partner-area records beside the facts: illegal copies (claims on third-party uploads),
-- live broadcasts and support tickets. Times are unix seconds, days 'YYYY-MM-DD', money micro-USD.

-- A third-party upload of a partner's content found by Content ID (active claims report).
-- Claimed copies earn for the partner (their revenue is in the UGC channel's facts); blocked ones earn nothing.
CREATE TABLE illegal_copies (
  id INTEGER PRIMARY KEY,
  -- The Content ID claim (claim_id of the active claims report), the importer's key.
  claim_id TEXT UNIQUE,
  video_id TEXT NOT NULL UNIQUE CHECK (length(video_id) = 11),
  video_title TEXT NOT NULL,
  -- The uploader is somebody else's channel: kept as YouTube id and name, not as a channels row.
  uploader_youtube_id TEXT NOT NULL CHECK (length(uploader_youtube_id) = 24),
  uploader_title TEXT NOT NULL,
  -- The partner channel and title whose content was copied.
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  title_id INTEGER REFERENCES titles (id) ON DELETE SET NULL,
  country_code TEXT NOT NULL REFERENCES countries (code2),
  views INTEGER NOT NULL DEFAULT 0 CHECK (views >= 0),
  earnings_micros INTEGER NOT NULL DEFAULT 0 CHECK (earnings_micros >= 0),
  claim_status TEXT NOT NULL CHECK (claim_status IN ('claimed', 'blocked')),
  detected_on TEXT NOT NULL CHECK (detected_on GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  CHECK (claim_status = 'claimed' OR earnings_micros = 0)
);
-- Table and chart for the user's channels over a detection period.
CREATE INDEX illegal_copies_by_channel ON illegal_copies (channel_id, detected_on);

-- A live stream on a partner channel; live while ended_at is NULL.
CREATE TABLE live_broadcasts (
  video_id TEXT PRIMARY KEY REFERENCES videos (video_id) ON DELETE CASCADE,
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  preview_url TEXT NOT NULL DEFAULT '',
  -- Concurrent viewers now while live; the peak once ended.
  watching_count INTEGER NOT NULL DEFAULT 0 CHECK (watching_count >= 0),
  started_at INTEGER NOT NULL,
  ended_at INTEGER CHECK (ended_at IS NULL OR ended_at >= started_at)
) WITHOUT ROWID;
-- Broadcasts page: the user's channels, newest first.
CREATE INDEX live_broadcasts_by_channel ON live_broadcasts (channel_id, started_at);

-- A message to support from the support form; the optional attachment lives in R2 (FILES).
CREATE TABLE support_tickets (
  id INTEGER PRIMARY KEY,
  user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  email TEXT NOT NULL,
  subject TEXT NOT NULL,
  description TEXT NOT NULL,
  attachment_key TEXT,
  attachment_name TEXT,
  attachment_size INTEGER CHECK (attachment_size IS NULL OR attachment_size >= 0),
  attachment_type TEXT,
  created_at INTEGER NOT NULL,
  -- The four attachment columns are set together or not at all.
  CHECK ((attachment_key IS NULL) = (attachment_name IS NULL)
    AND (attachment_key IS NULL) = (attachment_size IS NULL)
    AND (attachment_key IS NULL) = (attachment_type IS NULL))
);
CREATE INDEX support_tickets_by_user ON support_tickets (user_id, created_at);
