// Which channels and content owners the sync works for: partner networks, their CMS, partner channels.
import { all } from '../../db/query';
import { raw } from '../../db/sql';

/** A partner channel: in a partner network, or granted to somebody directly (a channel partner). */
const PARTNER_CHANNEL = `c.youtube_id IS NOT NULL AND c.is_ugc = 0 AND (
  c.network_id IN (SELECT id FROM networks WHERE is_partner = 1)
  OR EXISTS (SELECT 1 FROM channel_grants g WHERE g.channel_id = c.id))`;

export interface ContentOwner {
  networkId: number;
  contentOwnerId: string;
}

/** Networks with a CMS content owner id: their reports are pulled on behalf of that owner. */
export function getContentOwners(db: D1Database): Promise<ContentOwner[]> {
  return all<ContentOwner>(
    db,
    raw('SELECT id AS networkId, content_owner_id AS contentOwnerId FROM networks WHERE content_owner_id IS NOT NULL ORDER BY id'),
  );
}

export interface PartnerChannel {
  id: number;
  youtubeId: string;
  /** Its network (a network without a CMS), or null. */
  networkId?: number | null;
  /** The bucket of its network's stores that holds its facts (channels.store_bucket). */
  storeBucket?: number;
}

/** Partner channels outside any CMS network: their figures come from the Analytics API. */
export function getChannelsWithoutCms(db: D1Database): Promise<PartnerChannel[]> {
  return all<PartnerChannel>(
    db,
    raw(`SELECT c.id, c.youtube_id AS youtubeId, c.network_id, c.store_bucket FROM channels c
     WHERE ${PARTNER_CHANNEL}
       AND (c.network_id IS NULL OR c.network_id NOT IN (SELECT id FROM networks WHERE content_owner_id IS NOT NULL))
     ORDER BY c.id`),
  );
}

/**
 * The next `count` partner channels after channel id `after`, wrapping around to the first ones:
 * a rotation that reaches every partner channel in turn.
 */
export async function getPartnerChannelsAfter(db: D1Database, after: number, count: number): Promise<PartnerChannel[]> {
  if (count <= 0) return [];
  const sql = `SELECT c.id, c.youtube_id AS youtubeId FROM channels c WHERE ${PARTNER_CHANNEL} AND c.id > ?1 ORDER BY c.id LIMIT ?2`;
  const next = await all<PartnerChannel>(db, raw(sql, after, count));
  if (next.length === count || after === 0) return next;
  const wrapped = await all<PartnerChannel>(db, raw(sql, 0, count - next.length));
  const seen = new Set(next.map((c) => c.id));
  return [...next, ...wrapped.filter((c) => !seen.has(c.id))];
}
