-- Figures of claimed third-party uploads (illegal copies), per copy video: the uploader_type = thirdParty
-- rows of the content-owner basic and estimated revenue reports, which otherwise count only for the
-- network's UGC channel and the copied title. The illegal copies pages read a copy's views, claimed
-- earnings and main country from here when the reports have rows for it (docs/partner-area.md, "Illegal copies").
CREATE TABLE copy_daily (
  -- The network's UGC channel: the importer's channel key for claimed copies, so a re-issued day replaces.
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  -- The copy (the third party's video), as in illegal_copies.video_id; not a videos row.
  video_id TEXT NOT NULL,
  country_code TEXT NOT NULL REFERENCES countries (code2),
  -- Basic reports' column.
  views INTEGER NOT NULL DEFAULT 0,
  -- Estimated revenue reports' column (micro-USD).
  partner_revenue_micros INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (channel_id, day, video_id, country_code)
) WITHOUT ROWID;

-- copy_daily summed over days, kept by the triggers below, so a copy's figures cost one row whatever
-- its number of days, and each report row changes them once (never a re-sum): per copy, and per copy
-- and country (for its main country, the one with the most views).
CREATE TABLE copy_totals (
  video_id TEXT NOT NULL,
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  views INTEGER NOT NULL DEFAULT 0,
  partner_revenue_micros INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (video_id, channel_id)
) WITHOUT ROWID;

CREATE TABLE copy_country_totals (
  video_id TEXT NOT NULL,
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  country_code TEXT NOT NULL REFERENCES countries (code2),
  views INTEGER NOT NULL DEFAULT 0,
  partner_revenue_micros INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (video_id, channel_id, country_code)
) WITHOUT ROWID;

CREATE TRIGGER copy_daily_insert AFTER INSERT ON copy_daily BEGIN
  INSERT INTO copy_totals (video_id, channel_id, views, partner_revenue_micros)
  VALUES (NEW.video_id, NEW.channel_id, NEW.views, NEW.partner_revenue_micros)
  ON CONFLICT (video_id, channel_id) DO UPDATE SET views = views + excluded.views,
    partner_revenue_micros = partner_revenue_micros + excluded.partner_revenue_micros;
  INSERT INTO copy_country_totals (video_id, channel_id, country_code, views, partner_revenue_micros)
  VALUES (NEW.video_id, NEW.channel_id, NEW.country_code, NEW.views, NEW.partner_revenue_micros)
  ON CONFLICT (video_id, channel_id, country_code) DO UPDATE SET views = views + excluded.views,
    partner_revenue_micros = partner_revenue_micros + excluded.partner_revenue_micros;
END;

-- The importer only ever changes the figures of a row, never its key.
CREATE TRIGGER copy_daily_update AFTER UPDATE OF views, partner_revenue_micros ON copy_daily BEGIN
  UPDATE copy_totals SET views = views + NEW.views - OLD.views,
    partner_revenue_micros = partner_revenue_micros + NEW.partner_revenue_micros - OLD.partner_revenue_micros
  WHERE video_id = NEW.video_id AND channel_id = NEW.channel_id;
  UPDATE copy_country_totals SET views = views + NEW.views - OLD.views,
    partner_revenue_micros = partner_revenue_micros + NEW.partner_revenue_micros - OLD.partner_revenue_micros
  WHERE video_id = NEW.video_id AND channel_id = NEW.channel_id AND country_code = NEW.country_code;
END;

-- Rows are deleted once all zero (or with their channel); totals left all zero go with them.
CREATE TRIGGER copy_daily_delete AFTER DELETE ON copy_daily BEGIN
  UPDATE copy_totals SET views = views - OLD.views, partner_revenue_micros = partner_revenue_micros - OLD.partner_revenue_micros
  WHERE video_id = OLD.video_id AND channel_id = OLD.channel_id;
  DELETE FROM copy_totals WHERE video_id = OLD.video_id AND channel_id = OLD.channel_id
    AND views = 0 AND partner_revenue_micros = 0;
  UPDATE copy_country_totals SET views = views - OLD.views, partner_revenue_micros = partner_revenue_micros - OLD.partner_revenue_micros
  WHERE video_id = OLD.video_id AND channel_id = OLD.channel_id AND country_code = OLD.country_code;
  DELETE FROM copy_country_totals WHERE video_id = OLD.video_id AND channel_id = OLD.channel_id AND country_code = OLD.country_code
    AND views = 0 AND partner_revenue_micros = 0;
END;

-- A copy's figures are its network's UGC channel's rows: found per copy row through this small index.
CREATE INDEX channels_ugc_by_network ON channels (network_id) WHERE is_ugc = 1;
