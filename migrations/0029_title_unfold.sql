-- Unfolding a folded title month (docs/data-model.md, "Title folds (0027)"; `npm run admin -- unfold`):
-- the time it was marked, from the start of the unfold until its finish. While set, the month stays
-- folded for every reader and writer (the triggers of 0027 keep its monthly rows, the stats engine reads
-- them), its days come back from the archive and the hourly fold leaves them; the finish deletes the
-- row and recomputes the two monthly rows from those days in one batch, cancel clears the mark.
ALTER TABLE title_folds ADD COLUMN unfolding_since INTEGER;
