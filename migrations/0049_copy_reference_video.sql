-- The partner video an illegal copy copies: the claims report's reference_video_id (the Content ID reference
-- the upload matched), kept so the illegal copies table can link each copy to its video's page.
--
-- NULL when the report names no reference video, or names one that is not in `videos` (not one of the
-- network's videos when the report is applied): the copy is then the network's UGC channel's, as its
-- channel_id already says, and there is no page to link to. A reference video is so always a video of the
-- copy's own channel_id, the channel it made the copy's owner. No foreign key: the catalogue is rewritten
-- by the video metadata report, and a video it drops leaves the copy, which the answers then show without
-- a link (they join `videos`). A later claims snapshot replaces the value with the one it names.
-- Copies loaded before this migration hold NULL until their claims report is re-applied
-- (npm run import -- --reapply). docs/data-model.md, "illegal_copies".

ALTER TABLE illegal_copies ADD COLUMN reference_video_id TEXT CHECK (reference_video_id IS NULL OR length(reference_video_id) = 11);
