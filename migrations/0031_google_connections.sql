-- YouTube connections made from the product (docs/google.md): a Google account's consent, its refresh
-- token kept encrypted, and what it reaches (CMS content owners, or a partner's own channels).

-- One Google account's consent. refresh_token is AES-GCM ciphertext under CONNECTIONS_KEY
-- ('v1.<key id>.<iv>.<ciphertext>', src/server/google/connections/secret.ts), never returned.
CREATE TABLE google_connections (
  id INTEGER PRIMARY KEY,
  -- 'content_owner': a staff connection for CMS content owners; 'channel': a partner's own channel.
  kind TEXT NOT NULL CHECK (kind IN ('content_owner', 'channel')),
  label TEXT NOT NULL CHECK (length(label) BETWEEN 1 AND 100),
  -- The Google account (OpenID userinfo): its e-mail and its stable subject id.
  account_email TEXT NOT NULL DEFAULT '',
  account_subject TEXT NOT NULL,
  -- Space-separated scopes Google granted.
  scopes TEXT NOT NULL,
  refresh_token TEXT NOT NULL,
  connected_by_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  connected_at INTEGER NOT NULL,
  revoked_at INTEGER,
  -- Set when Google refused the refresh token (invalid_grant): the account must be connected again.
  needs_reconnect_at INTEGER,
  last_error TEXT,
  last_error_at INTEGER,
  last_used_at INTEGER
);
CREATE INDEX google_connections_by_user ON google_connections (connected_by_user_id);

-- The CMS content owners a connection reaches (each checked with reportTypes.list before it is kept).
CREATE TABLE google_connection_owners (
  connection_id INTEGER NOT NULL REFERENCES google_connections (id) ON DELETE CASCADE,
  content_owner_id TEXT NOT NULL CHECK (length(content_owner_id) BETWEEN 1 AND 100),
  added_at INTEGER NOT NULL,
  PRIMARY KEY (connection_id, content_owner_id)
) WITHOUT ROWID;
CREATE INDEX google_connection_owners_by_owner ON google_connection_owners (content_owner_id);

-- A partner's own channel reached by a 'channel' connection: who connected it and the network it
-- joined (NULL: granted to that user directly).
CREATE TABLE google_connection_channels (
  connection_id INTEGER NOT NULL REFERENCES google_connections (id) ON DELETE CASCADE,
  channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  network_id INTEGER REFERENCES networks (id) ON DELETE SET NULL,
  added_at INTEGER NOT NULL,
  PRIMARY KEY (connection_id, channel_id)
) WITHOUT ROWID;
CREATE INDEX google_connection_channels_by_channel ON google_connection_channels (channel_id);

-- A consent under way: the OAuth state (only its SHA-256 kept), bound to the user who started it,
-- with the PKCE verifier and what the callback must record. Single use, 10 minutes.
CREATE TABLE google_consents (
  state_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('content_owner', 'channel')),
  label TEXT NOT NULL,
  -- JSON array of the content owner ids the operator named ('[]' for a channel).
  content_owner_ids TEXT NOT NULL DEFAULT '[]',
  code_verifier TEXT NOT NULL,
  redirect_uri TEXT NOT NULL,
  expires_at INTEGER NOT NULL
) WITHOUT ROWID;
