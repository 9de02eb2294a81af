-- Catalogue: networks, channels (partner and public alike), who may see which channel, titles, videos.
-- Times are unix seconds (UTC); days are 'YYYY-MM-DD' text. Booleans are 0/1 with CHECKs.

-- A multi-channel network. Partner networks (is_partner = 1) report their channels' data to us;
-- the others are only known from public statistics. Both can appear in public network rankings.
CREATE TABLE networks (
  id INTEGER PRIMARY KEY,
  -- The spec's network_mcn: the key in /network/{network_mcn}.
  slug TEXT NOT NULL UNIQUE CHECK (slug <> '' AND slug = lower(slug)),
  name TEXT NOT NULL,
  owner_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  -- YouTube CMS content owner id, sent as onBehalfOfContentOwner by the report importer.
  content_owner_id TEXT UNIQUE,
  is_partner INTEGER NOT NULL DEFAULT 0 CHECK (is_partner IN (0, 1)),
  -- Listed in public network rankings (/networks).
  is_public INTEGER NOT NULL DEFAULT 1 CHECK (is_public IN (0, 1)),
  created_at INTEGER NOT NULL
);
CREATE INDEX networks_by_owner ON networks (owner_user_id);

-- Every channel we know: partner channels (with analytics facts) and public ones (with snapshots)
-- share one table, so a partner channel's public page and its dashboard speak of the same row.
-- The integer id keeps fact rows small; youtube_id ('UC' + 22) is the outside key.
CREATE TABLE channels (
  id INTEGER PRIMARY KEY,
  -- NULL only for the UGC pseudo-channel, which collects claimed third-party uploads.
  youtube_id TEXT UNIQUE CHECK (youtube_id IS NULL OR (length(youtube_id) = 24 AND substr(youtube_id, 1, 2) = 'UC')),
  title TEXT NOT NULL,
  thumbnail_url TEXT NOT NULL DEFAULT '',
  banner_url TEXT NOT NULL DEFAULT '',
  network_id INTEGER REFERENCES networks (id) ON DELETE SET NULL,
  category_id INTEGER REFERENCES categories (id),
  language_code TEXT REFERENCES languages (code),
  country_code TEXT REFERENCES countries (code2),
  -- When the YouTube channel was created (snippet.publishedAt).
  published_at INTEGER,
  -- The day the channel joined its partner network (the spec's channel_date).
  joined_on TEXT CHECK (joined_on IS NULL OR joined_on GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  is_inhouse INTEGER NOT NULL DEFAULT 0 CHECK (is_inhouse IN (0, 1)),
  is_ugc INTEGER NOT NULL DEFAULT 0 CHECK (is_ugc IN (0, 1)),
  created_at INTEGER NOT NULL,
  CHECK ((is_ugc = 1) = (youtube_id IS NULL))
);
-- Network grants, network pages and network rankings read a network's channels.
CREATE INDEX channels_by_network ON channels (network_id);

-- Channel-by-channel access.
CREATE TABLE channel_grants (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, channel_id)
) WITHOUT ROWID;
CREATE INDEX channel_grants_by_channel ON channel_grants (channel_id);

-- Access to a whole network. Kept as a grant, not copied into channel_grants, so a channel that
-- joins the network later is visible at once.
CREATE TABLE network_grants (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  network_id INTEGER NOT NULL REFERENCES networks (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, network_id)
) WITHOUT ROWID;
CREATE INDEX network_grants_by_network ON network_grants (network_id);

-- The channels each user may see: both kinds of grant resolved and the in-house limit
-- (users.only_inhouse_channels) applied. Query it with WHERE user_id = ?: the condition reaches
-- both branches (UNION ALL; the second skips channels the first already lists), so it reads only
-- that user's grants.
CREATE VIEW user_channels (user_id, channel_id) AS
SELECT g.user_id, g.channel_id
FROM channel_grants g
JOIN users u ON u.id = g.user_id
JOIN channels c ON c.id = g.channel_id
WHERE u.only_inhouse_channels = 0 OR c.is_inhouse = 1
UNION ALL
SELECT g.user_id, c.id
FROM network_grants g
JOIN users u ON u.id = g.user_id
JOIN channels c ON c.network_id = g.network_id
WHERE (u.only_inhouse_channels = 0 OR c.is_inhouse = 1)
  AND NOT EXISTS (SELECT 1 FROM channel_grants d WHERE d.user_id = g.user_id AND d.channel_id = c.id);

-- A title: a show or franchise whose videos may sit on several channels (title_id, title, title_ico).
CREATE TABLE titles (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  icon_url TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL
);

-- Videos of partner channels (profile property list, video counts per title and type).
CREATE TABLE videos (
  video_id TEXT PRIMARY KEY CHECK (length(video_id) = 11),
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  -- NULL for videos not matched to a title; their figures count in channel totals only.
  title_id INTEGER REFERENCES titles (id) ON DELETE SET NULL,
  video_title TEXT NOT NULL,
  -- NULL while unknown (scheduled or private); the profile list highlights those rows.
  published_at INTEGER,
  type TEXT NOT NULL CHECK (type IN ('full', 'short', 'live')),
  duration_seconds INTEGER CHECK (duration_seconds IS NULL OR duration_seconds >= 0)
) WITHOUT ROWID;
-- Profile video list: the user's channels, a publish period.
CREATE INDEX videos_by_channel ON videos (channel_id, published_at);
-- Titles of the user's channels and video counts per title and type.
CREATE INDEX videos_by_channel_title ON videos (channel_id, title_id, type);
