-- The operator console (/admin): staff accounts, the audit log of every operator action, and a
-- network's choice to show its partners' own figures on public pages (docs/operating.md).

-- A staff account opens /admin and acts as an operator; the admin token stays for scripts.
ALTER TABLE users ADD COLUMN staff INTEGER NOT NULL DEFAULT 0 CHECK (staff IN (0, 1));

-- 1 = the network has chosen to show its partner channels' private figures (watch time, earnings)
-- on public pages; 0 (the default) = public pages use public data only for its channels.
ALTER TABLE networks ADD COLUMN public_figures INTEGER NOT NULL DEFAULT 0 CHECK (public_figures IN (0, 1));

-- One row per operator action, from the console or the admin API. Never updated or deleted by the
-- product. actor_user_id is NULL when the admin token acted (actor = 'token').
CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY,
  at INTEGER NOT NULL,
  actor TEXT NOT NULL,
  actor_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  -- A verb in dotted form: 'user.invite', 'user.deactivate', 'grant.add', 'network.public_figures', …
  action TEXT NOT NULL,
  -- What was acted on, as a person reads it: an e-mail, a network slug, a channel id.
  target TEXT NOT NULL DEFAULT '',
  -- JSON object of the action's settings (never secrets).
  detail TEXT NOT NULL DEFAULT '{}',
  request_id TEXT NOT NULL DEFAULT ''
);
CREATE INDEX audit_log_by_time ON audit_log (at DESC, id DESC);
