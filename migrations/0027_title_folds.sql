-- Title days folded into months (docs/data-model.md, "Title folds (0027)"). The title x country and
-- title x audience grains are 83 % of a content owner's partner storage (docs/scale.md); once a month
-- lies wholly before YouTube's backfill window, its days are deleted and its monthly rows are all that
-- is kept (src/server/ingest/retention/title-fold.ts).

-- A channel's month whose title x country and title x audience days are folded: the monthly rows are
-- the only copy of those days. Deleted with the channel.
CREATE TABLE title_folds (
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  month TEXT NOT NULL CHECK (month GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
  folded_at INTEGER NOT NULL,
  PRIMARY KEY (channel_id, month)
) WITHOUT ROWID;

-- Within the batch that folds a month only: the daily rows that its monthly rows do not hold (and a
-- pending rollup mark counts as one), so a month whose rollup is not exact fails the batch whole.
CREATE TABLE title_fold_checks (
  channel_id INTEGER PRIMARY KEY,
  mismatches INTEGER NOT NULL,
  CHECK (mismatches = 0)
);

-- Every writer that recomputes a month from its days (the rollup refresh and rebuild, the demographics
-- load's month refresh) deletes the month's rows and inserts the sums of the days it finds. For a folded
-- month those days are gone, so both are skipped: the month keeps what it holds. A re-issued day of such
-- a month (a replay from the archive) is the content the month already holds. Deleting the channel or
-- the title still deletes the rows (the cascade runs once the parent row is gone).
CREATE TRIGGER channel_title_country_monthly_folded_delete BEFORE DELETE ON channel_title_country_monthly
WHEN EXISTS (SELECT 1 FROM title_folds AS f WHERE f.channel_id = OLD.channel_id AND f.month = OLD.month)
  AND EXISTS (SELECT 1 FROM channels AS c WHERE c.id = OLD.channel_id)
  AND EXISTS (SELECT 1 FROM titles AS t WHERE t.id = OLD.title_id)
BEGIN
  SELECT RAISE(IGNORE);
END;

CREATE TRIGGER channel_title_country_monthly_folded_insert BEFORE INSERT ON channel_title_country_monthly
WHEN EXISTS (SELECT 1 FROM title_folds AS f WHERE f.channel_id = NEW.channel_id AND f.month = NEW.month)
BEGIN
  SELECT RAISE(IGNORE);
END;

CREATE TRIGGER channel_title_audience_monthly_folded_delete BEFORE DELETE ON channel_title_audience_monthly
WHEN EXISTS (SELECT 1 FROM title_folds AS f WHERE f.channel_id = OLD.channel_id AND f.month = OLD.month)
  AND EXISTS (SELECT 1 FROM channels AS c WHERE c.id = OLD.channel_id)
  AND EXISTS (SELECT 1 FROM titles AS t WHERE t.id = OLD.title_id)
BEGIN
  SELECT RAISE(IGNORE);
END;

CREATE TRIGGER channel_title_audience_monthly_folded_insert BEFORE INSERT ON channel_title_audience_monthly
WHEN EXISTS (SELECT 1 FROM title_folds AS f WHERE f.channel_id = NEW.channel_id AND f.month = NEW.month)
BEGIN
  SELECT RAISE(IGNORE);
END;
