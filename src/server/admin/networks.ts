// SQL for configuring networks: which CMS content owner's reports belong to which network.
import { allBatch, first } from '../db/query';
import { raw } from '../db/sql';
import { conflict } from '../http/errors';

export interface NetworkInput {
  slug: string;
  name: string;
  contentOwnerId: string | null;
  ownerUserId: number | null;
}

/**
 * Creates the network or updates it by slug; the owner gets a network grant so they see its
 * channels at once. Returns the network id.
 */
export async function upsertNetwork(db: D1Database, input: NetworkInput, now: number): Promise<number> {
  if (input.contentOwnerId) {
    const taken = await first<{ slug: string }>(
      db,
      raw('SELECT slug FROM networks WHERE content_owner_id = ? AND slug <> ?', input.contentOwnerId, input.slug),
    );
    if (taken) throw conflict(`Content owner ${input.contentOwnerId} already belongs to network ${taken.slug}.`);
  }
  // One batch, so the network and its owner's grant land together.
  const [upserted] = await allBatch<[{ id: number }, unknown]>(db, [
    raw(
      `INSERT INTO networks (slug, name, content_owner_id, owner_user_id, is_partner, created_at)
         VALUES (?1, ?2, ?3, ?4, 1, ?5)
         ON CONFLICT (slug) DO UPDATE SET name = ?2, content_owner_id = coalesce(?3, content_owner_id),
           owner_user_id = coalesce(?4, owner_user_id), is_partner = 1
         RETURNING id`,
      input.slug,
      input.name,
      input.contentOwnerId,
      input.ownerUserId,
      now,
    ),
    raw(
      `INSERT INTO network_grants (user_id, network_id, created_at)
         SELECT ?1, id, ?3 FROM networks WHERE slug = ?2 AND ?1 IS NOT NULL ON CONFLICT DO NOTHING`,
      input.ownerUserId,
      input.slug,
      now,
    ),
  ]);
  const id = upserted[0]?.id;
  if (id === undefined) throw new Error(`networks: the upsert of ${input.slug} returned no id`);
  return id;
}
