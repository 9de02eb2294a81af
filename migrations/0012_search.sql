-- Channel search: full-text indexes over channel titles (/find keywords, the search overlay,
-- keyword suggestions) and trending video titles (the overlay's Top videos), kept in sync by triggers.

-- External content: the text stays in channels; the index holds only the tokens, keyed by channels.id.
-- prefix='2 3' keeps prefix queries ("mus*", typed while the suggestions load) to an index lookup.
CREATE VIRTUAL TABLE channel_titles_fts USING fts5 (
  title,
  content = 'channels',
  content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);

-- An external-content index must be told the old text to remove it, so updates delete then insert.
CREATE TRIGGER channel_titles_fts_insert AFTER INSERT ON channels BEGIN
  INSERT INTO channel_titles_fts (rowid, title) VALUES (new.id, new.title);
END;
CREATE TRIGGER channel_titles_fts_delete AFTER DELETE ON channels BEGIN
  INSERT INTO channel_titles_fts (channel_titles_fts, rowid, title) VALUES ('delete', old.id, old.title);
END;
-- Importers upsert channels with every column set; only a changed title touches the index.
CREATE TRIGGER channel_titles_fts_update AFTER UPDATE OF title ON channels
WHEN new.title IS NOT old.title BEGIN
  INSERT INTO channel_titles_fts (channel_titles_fts, rowid, title) VALUES ('delete', old.id, old.title);
  INSERT INTO channel_titles_fts (rowid, title) VALUES (new.id, new.title);
END;

-- The channels already there.
INSERT INTO channel_titles_fts (rowid, title) SELECT id, title FROM channels;

-- trend_videos is WITHOUT ROWID (keyed by video_id): a small map gives each video the integer key
-- the index needs, so a trigger finds a video's entry by primary key instead of scanning the index.
CREATE TABLE trend_video_search_keys (
  -- AUTOINCREMENT: a key is never reused, so an index entry can never point at another video.
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  video_id TEXT NOT NULL UNIQUE
);

CREATE VIRTUAL TABLE trend_video_titles_fts USING fts5 (
  video_title,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);

CREATE TRIGGER trend_video_titles_fts_insert AFTER INSERT ON trend_videos BEGIN
  INSERT OR IGNORE INTO trend_video_search_keys (video_id) VALUES (new.video_id);
  INSERT INTO trend_video_titles_fts (rowid, video_title)
    SELECT id, new.video_title FROM trend_video_search_keys WHERE video_id = new.video_id;
END;
-- The index entry goes with the key, so emptying either table (a reseed) leaves no stray entries.
CREATE TRIGGER trend_video_titles_fts_delete AFTER DELETE ON trend_videos BEGIN
  DELETE FROM trend_video_search_keys WHERE video_id = old.video_id;
END;
CREATE TRIGGER trend_video_search_keys_delete AFTER DELETE ON trend_video_search_keys BEGIN
  DELETE FROM trend_video_titles_fts WHERE rowid = old.id;
END;
-- The hourly upsert sets every column; only a changed title touches the index.
CREATE TRIGGER trend_video_titles_fts_update AFTER UPDATE OF video_title ON trend_videos
WHEN new.video_title IS NOT old.video_title BEGIN
  UPDATE trend_video_titles_fts SET video_title = new.video_title
    WHERE rowid = (SELECT id FROM trend_video_search_keys WHERE video_id = new.video_id);
END;

INSERT INTO trend_video_search_keys (video_id) SELECT video_id FROM trend_videos;
INSERT INTO trend_video_titles_fts (rowid, video_title)
  SELECT k.id, v.video_title FROM trend_video_search_keys AS k JOIN trend_videos AS v ON v.video_id = k.video_id;
