// Where a partner's own channel goes once Google proved they own it (docs/google.md, "A partner connects
// a channel"): a user granted exactly one network brings it into that network; anyone else gets it as a
// directly granted channel. A channel already in another network's catalog is refused, never moved.
import { all, first, statement } from '../../db/query';
import { sql } from '../../db/sql';

export interface OwnedChannel {
  youtubeId: string;
  title: string;
}

export interface JoinPlan {
  /** The channels to write, each with what must happen. */
  joins: (OwnedChannel & { existingId: number | null; networkId: number | null; network: string | null })[];
  refused: (OwnedChannel & { reason: string })[];
}

/** The one network the user is granted, or null (none, or several: which one would be a guess). */
async function soleNetwork(db: D1Database, userId: number): Promise<{ id: number; name: string } | null> {
  const rows = await all<{ id: number; name: string }>(
    db,
    sql`SELECT n.id, n.name FROM network_grants g JOIN networks n ON n.id = g.network_id WHERE g.user_id = ${userId} LIMIT 2`,
  );
  return rows.length === 1 ? rows[0]! : null;
}

/** Decides, per owned channel, where it joins or why it cannot; writes nothing. */
export async function planChannelJoin(db: D1Database, userId: number, owned: OwnedChannel[]): Promise<JoinPlan> {
  const network = await soleNetwork(db, userId);
  const plan: JoinPlan = { joins: [], refused: [] };
  for (const channel of owned) {
    const known = await first<{ id: number; networkId: number | null; networkName: string | null }>(
      db,
      sql`SELECT c.id, c.network_id, n.name AS network_name FROM channels c LEFT JOIN networks n ON n.id = c.network_id
          WHERE c.youtube_id = ${channel.youtubeId}`,
    );
    if (known?.networkId != null && known.networkId !== network?.id) {
      plan.refused.push({
        ...channel,
        reason: `${channel.title} is already in the catalog of the network ${known.networkName ?? known.networkId}; ask its operator to grant it to you.`,
      });
      continue;
    }
    plan.joins.push({ ...channel, existingId: known?.id ?? null, networkId: network?.id ?? null, network: network?.name ?? null });
  }
  return plan;
}

/**
 * The writes of one planned channel: created (or brought into the network), and granted to the user
 * directly when it joins no network.
 */
export function channelJoinStatements(db: D1Database, userId: number, join: JoinPlan['joins'][number], now: number): D1PreparedStatement[] {
  const writes: D1PreparedStatement[] = [];
  if (join.existingId === null) {
    writes.push(
      statement(
        db,
        sql`INSERT INTO channels (youtube_id, title, network_id, created_at) VALUES (${join.youtubeId}, ${join.title}, ${join.networkId}, ${now})`,
      ),
    );
  } else if (join.networkId !== null) {
    writes.push(
      statement(db, sql`UPDATE channels SET network_id = ${join.networkId} WHERE id = ${join.existingId} AND network_id IS NULL`),
    );
  }
  if (join.networkId === null) {
    writes.push(
      statement(
        db,
        sql`INSERT OR IGNORE INTO channel_grants (user_id, channel_id, created_at)
            SELECT ${userId}, id, ${now} FROM channels WHERE youtube_id = ${join.youtubeId}`,
      ),
    );
  }
  return writes;
}

/** The link of a connection to a channel it reached (by YouTube id: the channel may be created in the same batch). */
export const connectionChannelStatement = (
  db: D1Database,
  connectionId: number,
  userId: number,
  join: JoinPlan['joins'][number],
  now: number,
) =>
  statement(
    db,
    sql`INSERT INTO google_connection_channels (connection_id, channel_id, user_id, network_id, added_at)
        SELECT ${connectionId}, id, ${userId}, ${join.networkId}, ${now} FROM channels WHERE youtube_id = ${join.youtubeId}`,
  );
