-- Sign-in links: while an account's new-browser allowance is used up by wrong passwords, the right
-- password from a new browser mails a single-use link instead of opening a session, and the link
-- works only in the browser that asked (browser_hash: the SHA-256 of that browser's vd_link cookie).
-- SQLite cannot change a CHECK, so the table is copied into one that allows the new kind.
CREATE TABLE one_time_tokens_next (
  token_hash TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('invite', 'password_reset', 'email_confirm', 'sign_in_link')),
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- For email_confirm: the address being confirmed.
  email TEXT COLLATE NOCASE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER,
  -- For sign_in_link (and only there): the browser the link is bound to.
  browser_hash TEXT,
  CHECK ((kind = 'sign_in_link') = (browser_hash IS NOT NULL))
);
INSERT INTO one_time_tokens_next (token_hash, kind, user_id, email, created_at, expires_at, used_at)
SELECT token_hash, kind, user_id, email, created_at, expires_at, used_at FROM one_time_tokens;
DROP TABLE one_time_tokens;
ALTER TABLE one_time_tokens_next RENAME TO one_time_tokens;
CREATE INDEX one_time_tokens_by_user ON one_time_tokens (user_id, kind);
