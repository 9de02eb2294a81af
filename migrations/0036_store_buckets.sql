-- A network's partner facts spread over several stores (docs/partner-store.md, "A network larger than
-- one store"). store_buckets: how many stores the network's new channels are spread over (1: all in its
-- one store, every install before this). store_bucket: the store a channel's facts live in, 0 being the
-- network's first store (`network-<id>`), b > 0 `network-<id>-<b>`. An explicit column, not a hash at read
-- time: the operator moves channels between buckets (`admin -- rebalance`) and reads follow the column.
-- A new channel's bucket is a hash of its YouTube id modulo store_buckets (channelHash and bucketOf in
-- src/server/ingest/load/channel-keys.ts); the UGC channel lives in bucket 0.
ALTER TABLE networks ADD COLUMN store_buckets INTEGER NOT NULL DEFAULT 1 CHECK (store_buckets BETWEEN 1 AND 64);
ALTER TABLE channels ADD COLUMN store_bucket INTEGER NOT NULL DEFAULT 0 CHECK (store_bucket BETWEEN 0 AND 63);
