-- Rankings under several filters at once (category, language, country) are computed from the
-- channels' figures, so the channels of a filter combination must be found without a table scan.
-- The three indexes go round the filters (category+country, language+category, country+language):
-- every single filter is a leading column and every pair is a full two-column seek.
CREATE INDEX channels_by_category ON channels (category_id, country_code);
CREATE INDEX channels_by_language ON channels (language_code, category_id);
CREATE INDEX channels_by_country ON channels (country_code, language_code);

-- 'now' positions compare with the 30 days before the latest snapshot: max(day) as an index seek.
CREATE INDEX channel_now_by_day ON channel_now (day);

-- Network rankings under a language or country filter sum each public network's channels of it:
-- a seek per network instead of every channel of that language or country.
CREATE INDEX channels_by_network_country ON channels (network_id, country_code, language_code);
CREATE INDEX channels_by_network_language ON channels (network_id, language_code);
