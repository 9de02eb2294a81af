-- The networks whose partner facts have a store of their own when partner data is split by network
-- (PARTNER_STORE=objects, docs/partner-store.md). Written in the shared D1 before a store's first
-- write (an import's or the Analytics API sync's catalogue copy), so the walks over stores (rollup
-- refreshes, the public estimates, partner-migrate, a reseed) ask the stores that exist, not every
-- network of the public rankings. Empty on the default install and inside every store.
CREATE TABLE network_stores (
  network_id INTEGER PRIMARY KEY REFERENCES networks (id) ON DELETE CASCADE,
  opened_at INTEGER NOT NULL
);
