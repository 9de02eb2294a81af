-- A network's money (docs/partner-area.md, "Statements and payouts"): finance split by revenue kind,
-- revenue-share contracts, approved monthly statements per partner with their lines, and payouts.
-- Money is integer micro-USD; months 'YYYY-MM'; times unix seconds.

-- Of a channel month's revenue_micros (normal rows of the monthly ad revenue statement), the part earned
-- by Shorts videos (videos.type = 'short'). Ads (long-form and live) are revenue_micros - shorts_micros.
ALTER TABLE channel_finance_monthly ADD COLUMN shorts_micros INTEGER NOT NULL DEFAULT 0;

-- Claims on third-party uploads: the UGC channel's revenue that copies of this partner channel's content
-- earned (finance rows of unknown channels whose video is one of its illegal_copies), per month. It is part
-- of the UGC channel's revenue_micros, never added to this channel's: the UGC channel keeps the rest.
CREATE TABLE channel_claim_revenue_monthly (
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  month TEXT NOT NULL CHECK (month GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
  revenue_micros INTEGER NOT NULL,
  PRIMARY KEY (channel_id, month)
) WITHOUT ROWID;

-- A partner's share of the network's revenue, in basis points per revenue kind, from a month on. A row with
-- channel_id names that channel's payee and terms (it overrides the account's row for that channel); a row
-- without covers the channels the account is granted one by one (channel_grants) in the network. Terms
-- change by a new row with a later effective_from; rows whose month an approved statement used are kept.
CREATE TABLE revenue_contracts (
  id INTEGER PRIMARY KEY,
  network_id INTEGER NOT NULL REFERENCES networks (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  channel_id INTEGER REFERENCES channels (id) ON DELETE CASCADE,
  effective_from TEXT NOT NULL CHECK (effective_from GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
  ads_bps INTEGER NOT NULL CHECK (ads_bps BETWEEN 0 AND 10000),
  shorts_bps INTEGER NOT NULL CHECK (shorts_bps BETWEEN 0 AND 10000),
  claims_bps INTEGER NOT NULL CHECK (claims_bps BETWEEN 0 AND 10000),
  adjustments_bps INTEGER NOT NULL CHECK (adjustments_bps BETWEEN 0 AND 10000),
  -- The account's minimum payout (account rows only): a smaller balance carries over to the next month.
  min_payout_micros INTEGER NOT NULL DEFAULT 0 CHECK (min_payout_micros >= 0),
  created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX revenue_contracts_account ON revenue_contracts (network_id, user_id, effective_from) WHERE channel_id IS NULL;
-- One payee per channel and month: a later row hands the channel over from its month.
CREATE UNIQUE INDEX revenue_contracts_channel ON revenue_contracts (channel_id, effective_from) WHERE channel_id IS NOT NULL;
CREATE INDEX revenue_contracts_by_user ON revenue_contracts (user_id, network_id);

-- A partner's approved statement of a month in a network: locked. Drafts are computed, never stored.
-- owed = opening (the previous statement's unpaid balance) + the lines' partner amounts.
CREATE TABLE statements (
  id INTEGER PRIMARY KEY,
  network_id INTEGER NOT NULL REFERENCES networks (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  month TEXT NOT NULL CHECK (month GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
  gross_micros INTEGER NOT NULL,
  partner_micros INTEGER NOT NULL,
  opening_micros INTEGER NOT NULL,
  owed_micros INTEGER NOT NULL CHECK (owed_micros = opening_micros + partner_micros),
  min_payout_micros INTEGER NOT NULL DEFAULT 0,
  approved_at INTEGER NOT NULL,
  approved_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
  UNIQUE (network_id, user_id, month)
);
CREATE INDEX statements_by_month ON statements (network_id, month);

-- A statement's lines as approved: the channel (its title then), the revenue kind, the month whose finance
-- it is (an earlier month for a correction YouTube booked after that month's statement was approved).
CREATE TABLE statement_lines (
  statement_id INTEGER NOT NULL REFERENCES statements (id) ON DELETE CASCADE,
  line INTEGER NOT NULL,
  channel_id INTEGER NOT NULL,
  channel_title TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('ads', 'shorts', 'claims', 'adjustments')),
  source_month TEXT NOT NULL CHECK (source_month GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
  gross_micros INTEGER NOT NULL,
  share_bps INTEGER NOT NULL CHECK (share_bps BETWEEN 0 AND 10000),
  partner_micros INTEGER NOT NULL,
  PRIMARY KEY (statement_id, line)
) WITHOUT ROWID;

-- Money paid against an approved statement; several for a partial payment.
CREATE TABLE payouts (
  id INTEGER PRIMARY KEY,
  statement_id INTEGER NOT NULL REFERENCES statements (id) ON DELETE CASCADE,
  paid_on TEXT NOT NULL CHECK (paid_on GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  amount_micros INTEGER NOT NULL CHECK (amount_micros > 0),
  method TEXT NOT NULL CHECK (method IN ('bank_transfer', 'paypal', 'check', 'other')),
  reference TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  created_by INTEGER REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX payouts_by_statement ON payouts (statement_id);

