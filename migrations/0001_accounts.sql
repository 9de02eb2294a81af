-- Accounts: users, sessions, one-time tokens, login throttling, managers, local mail outbox.
-- Times are unix seconds (UTC). Booleans are 0/1 with CHECKs.

CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL COLLATE NOCASE UNIQUE,
  user_name TEXT NOT NULL DEFAULT '',
  phone TEXT NOT NULL DEFAULT '',
  -- "<algorithm>$<params>$<salt>$<hash>"; NULL until an invited user sets a password.
  password_hash TEXT,
  -- Address waiting for confirmation by the e-mailed link (the spec's new_email).
  new_email TEXT COLLATE NOCASE,
  show_title INTEGER NOT NULL DEFAULT 0 CHECK (show_title IN (0, 1)),
  -- The spec's only_{product}_channels: limited to in-house channels.
  only_inhouse_channels INTEGER NOT NULL DEFAULT 0 CHECK (only_inhouse_channels IN (0, 1)),
  show_analytics INTEGER NOT NULL DEFAULT 0 CHECK (show_analytics IN (0, 1)),
  -- The spec's dashboard field: 'analytics' opens /analytics.
  dashboard TEXT CHECK (dashboard IS NULL OR dashboard IN ('analytics')),
  is_active INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
  created_at INTEGER NOT NULL
);

-- The cookie holds a random token; only its SHA-256 (hex) is stored, so a leaked table opens nothing.
CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX sessions_by_user ON sessions (user_id);

-- Invite, password reset and e-mail confirmation links; single use, stored hashed.
CREATE TABLE one_time_tokens (
  token_hash TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('invite', 'password_reset', 'email_confirm')),
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- For email_confirm: the address being confirmed.
  email TEXT COLLATE NOCASE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX one_time_tokens_by_user ON one_time_tokens (user_id, kind);

-- One row per failed sign-in, per account and per IP; counted over a sliding window.
CREATE TABLE login_failures (
  scope TEXT NOT NULL,
  failed_at INTEGER NOT NULL
);
CREATE INDEX login_failures_by_scope ON login_failures (scope, failed_at);

-- Which manager (a staff user) looks after which user.
CREATE TABLE managers (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  manager_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  is_active INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
  PRIMARY KEY (user_id, manager_id)
);

-- Local runs deliver mail here (shown at /dev/outbox); production sends through the mail API.
CREATE TABLE mail_outbox (
  id INTEGER PRIMARY KEY,
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  body_text TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
