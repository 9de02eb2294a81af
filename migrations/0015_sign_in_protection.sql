-- Sign-in and mail protection: attempts charged before the password is checked, devices that
-- signed in before, and counted mail sends. Replaces login_failures (counted after the check).

DROP TABLE login_failures;

-- One row per charge of one event (a sign-in attempt, a mail) to one counter (scope), counted over a
-- sliding window. A sign-in attempt is charged before its hash; a good one takes its rows back.
CREATE TABLE rate_limit_hits (
  scope TEXT NOT NULL,
  -- Random per event, so one event's charges to several scopes can be taken back together.
  hit_id TEXT NOT NULL,
  hit_at INTEGER NOT NULL
);
CREATE INDEX rate_limit_hits_by_scope ON rate_limit_hits (scope, hit_at);
CREATE INDEX rate_limit_hits_by_hit ON rate_limit_hits (hit_id);
CREATE INDEX rate_limit_hits_by_time ON rate_limit_hits (hit_at);

-- Browsers that signed in to an account: the vd_device cookie holds a random token, this only its
-- SHA-256. Their attempts are counted apart, so failures from elsewhere do not lock them out.
CREATE TABLE known_devices (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  last_sign_in_at INTEGER NOT NULL
);
CREATE INDEX known_devices_by_user ON known_devices (user_id);
CREATE INDEX known_devices_by_time ON known_devices (last_sign_in_at);
