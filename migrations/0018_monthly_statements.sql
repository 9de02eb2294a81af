-- Each channel month's finance statement (revenue + adjustments, NULL without one) on its channel_monthly
-- row, so a month's earnings (the statement where there is one and the month's estimate is positive,
-- else the estimate: docs/stats.md, "Earnings") read that one row instead of a seek into
-- channel_finance_monthly per row. Triggers keep it whatever writes either table: statement loads,
-- rollup refreshes and rebuilds (which delete and re-insert the months), cascades.

ALTER TABLE channel_monthly ADD COLUMN statement_micros INTEGER;

UPDATE channel_monthly SET statement_micros = (
  SELECT f.revenue_micros + f.adjustment_micros FROM channel_finance_monthly f
  WHERE f.channel_id = channel_monthly.channel_id AND f.month = channel_monthly.month);

-- A month written by the rollup takes the statement already there.
CREATE TRIGGER channel_monthly_statement AFTER INSERT ON channel_monthly
WHEN EXISTS (SELECT 1 FROM channel_finance_monthly f WHERE f.channel_id = NEW.channel_id AND f.month = NEW.month) BEGIN
  UPDATE channel_monthly SET statement_micros = (
    SELECT f.revenue_micros + f.adjustment_micros FROM channel_finance_monthly f WHERE f.channel_id = NEW.channel_id AND f.month = NEW.month)
  WHERE channel_id = NEW.channel_id AND month = NEW.month;
END;

CREATE TRIGGER channel_finance_monthly_add AFTER INSERT ON channel_finance_monthly BEGIN
  UPDATE channel_monthly SET statement_micros = NEW.revenue_micros + NEW.adjustment_micros
  WHERE channel_id = NEW.channel_id AND month = NEW.month;
END;

CREATE TRIGGER channel_finance_monthly_remove AFTER DELETE ON channel_finance_monthly BEGIN
  UPDATE channel_monthly SET statement_micros = NULL WHERE channel_id = OLD.channel_id AND month = OLD.month;
END;

-- An update is a removal of the old statement and an addition of the new one.
CREATE TRIGGER channel_finance_monthly_change AFTER UPDATE ON channel_finance_monthly BEGIN
  UPDATE channel_monthly SET statement_micros = NULL WHERE channel_id = OLD.channel_id AND month = OLD.month;
  UPDATE channel_monthly SET statement_micros = NEW.revenue_micros + NEW.adjustment_micros
  WHERE channel_id = NEW.channel_id AND month = NEW.month;
END;
