// The google_connections tables (migrations/0031): a connection, what it reaches, its state. The sealed
// refresh token is read only by the sync and by revoke, never by a listing.
import { all, first, run, statement } from '../../db/query';
import { raw, sql } from '../../db/sql';

export type ConnectionKind = 'content_owner' | 'channel';

/** A connection as the console and the profile show it: no token. */
export interface ConnectionEntry {
  id: number;
  kind: ConnectionKind;
  label: string;
  accountEmail: string;
  scopes: string;
  connectedBy: string | null;
  connectedAt: number;
  revokedAt: number | null;
  needsReconnectAt: number | null;
  lastError: string | null;
  lastErrorAt: number | null;
  lastUsedAt: number | null;
  contentOwnerIds: string[];
  channels: { youtubeId: string; title: string; network: string | null }[];
}

export interface NewConnection {
  kind: ConnectionKind;
  label: string;
  accountEmail: string;
  accountSubject: string;
  scopes: string;
  sealedToken: string;
  userId: number;
  now: number;
}

/** Stores a connection; returns its id. */
export async function insertConnection(db: D1Database, c: NewConnection): Promise<number> {
  const row = await first<{ id: number }>(
    db,
    sql`INSERT INTO google_connections (kind, label, account_email, account_subject, scopes, refresh_token, connected_by_user_id, connected_at)
        VALUES (${c.kind}, ${c.label}, ${c.accountEmail}, ${c.accountSubject}, ${c.scopes}, ${c.sealedToken}, ${c.userId}, ${c.now}) RETURNING id`,
  );
  if (!row) throw new Error('the connection insert returned no id');
  return row.id;
}

export const ownerStatement = (db: D1Database, connectionId: number, contentOwnerId: string, now: number) =>
  statement(
    db,
    sql`INSERT INTO google_connection_owners (connection_id, content_owner_id, added_at) VALUES (${connectionId}, ${contentOwnerId}, ${now})`,
  );

interface EntryRow extends Omit<ConnectionEntry, 'contentOwnerIds' | 'channels'> {
  owners: string;
  reached: string;
}

/** Staff: every connection (revoked ones too, newest first); a partner: the ones they made. */
export async function listConnections(db: D1Database, filter: { userId?: number; kind?: ConnectionKind } = {}): Promise<ConnectionEntry[]> {
  const rows = await all<EntryRow>(
    db,
    sql`SELECT g.id, g.kind, g.label, g.account_email, g.scopes, u.email AS connected_by, g.connected_at, g.revoked_at,
          g.needs_reconnect_at, g.last_error, g.last_error_at, g.last_used_at,
          (SELECT json_group_array(o.content_owner_id) FROM google_connection_owners o WHERE o.connection_id = g.id) AS owners,
          (SELECT json_group_array(json_object('youtubeId', c.youtube_id, 'title', c.title, 'network', n.name))
             FROM google_connection_channels gc JOIN channels c ON c.id = gc.channel_id
             LEFT JOIN networks n ON n.id = gc.network_id WHERE gc.connection_id = g.id) AS reached
        FROM google_connections g LEFT JOIN users u ON u.id = g.connected_by_user_id
        WHERE (${filter.userId ?? null} IS NULL OR g.connected_by_user_id = ${filter.userId ?? null})
          AND (${filter.kind ?? null} IS NULL OR g.kind = ${filter.kind ?? null})
        ORDER BY g.revoked_at IS NOT NULL, g.id DESC`,
  );
  return rows.map(({ owners, reached, ...row }) => ({
    ...row,
    contentOwnerIds: JSON.parse(owners) as string[],
    channels: JSON.parse(reached) as ConnectionEntry['channels'],
  }));
}

/** One connection's label and whether it is revoked; null when there is no such connection. */
export function getConnection(db: D1Database, id: number) {
  return first<{ id: number; kind: ConnectionKind; label: string; revokedAt: number | null; connectedByUserId: number | null }>(
    db,
    sql`SELECT id, kind, label, revoked_at, connected_by_user_id FROM google_connections WHERE id = ${id}`,
  );
}

export const renameStatement = (db: D1Database, id: number, label: string) =>
  statement(db, sql`UPDATE google_connections SET label = ${label} WHERE id = ${id}`);

/** Marks it revoked: the row, what it reached and its history stay; the token is overwritten (it is dead). */
export const revokeStatement = (db: D1Database, id: number, now: number) =>
  statement(db, sql`UPDATE google_connections SET revoked_at = ${now}, refresh_token = '' WHERE id = ${id} AND revoked_at IS NULL`);

/** The sealed refresh token of a live connection, or null. */
export async function getSealedToken(db: D1Database, id: number): Promise<string | null> {
  const row = await first<{ refreshToken: string }>(
    db,
    sql`SELECT refresh_token FROM google_connections WHERE id = ${id} AND revoked_at IS NULL AND refresh_token <> ''`,
  );
  return row?.refreshToken ?? null;
}

/** Google refused the refresh token (invalid_grant): it stays out of the sync until connected again. */
export const markNeedsReconnect = (db: D1Database, id: number, error: string, now: number) =>
  run(db, sql`UPDATE google_connections SET needs_reconnect_at = ${now}, last_error = ${error}, last_error_at = ${now} WHERE id = ${id}`);

export const markError = (db: D1Database, id: number, error: string, now: number) =>
  run(db, sql`UPDATE google_connections SET last_error = ${error}, last_error_at = ${now} WHERE id = ${id}`);

export const markUsed = (db: D1Database, id: number, now: number) =>
  run(db, sql`UPDATE google_connections SET last_used_at = ${now} WHERE id = ${id}`);

/** A token sealed with an older key, sealed again under the current one. */
export const resealStatement = (db: D1Database, id: number, sealed: string) =>
  statement(db, sql`UPDATE google_connections SET refresh_token = ${sealed} WHERE id = ${id}`);

/** What the sync works with: a live connection (not revoked, not waiting for a reconnect) and its reach. */
export interface LiveConnection {
  id: number;
  kind: ConnectionKind;
  label: string;
  refreshToken: string;
  contentOwnerIds: string[];
  channels: { youtubeId: string; networkId: number | null }[];
}

export async function listLiveConnections(db: D1Database): Promise<LiveConnection[]> {
  const rows = await all<Omit<LiveConnection, 'contentOwnerIds' | 'channels'> & { owners: string; reached: string }>(
    db,
    raw(`SELECT g.id, g.kind, g.label, g.refresh_token,
          (SELECT json_group_array(o.content_owner_id) FROM google_connection_owners o WHERE o.connection_id = g.id) AS owners,
          (SELECT json_group_array(json_object('youtubeId', c.youtube_id, 'networkId', gc.network_id))
             FROM google_connection_channels gc JOIN channels c ON c.id = gc.channel_id WHERE gc.connection_id = g.id) AS reached
        FROM google_connections g
        WHERE g.revoked_at IS NULL AND g.needs_reconnect_at IS NULL AND g.refresh_token <> '' ORDER BY g.id`),
  );
  return rows.map(({ owners, reached, ...row }) => ({
    ...row,
    contentOwnerIds: JSON.parse(owners) as string[],
    channels: JSON.parse(reached) as LiveConnection['channels'],
  }));
}

/** Whether any connection can be used by the sync (a run with neither it nor the settings' secrets does nothing). */
export async function hasLiveConnections(db: D1Database): Promise<boolean> {
  const row = await first<{ n: number }>(
    db,
    raw("SELECT count(*) AS n FROM google_connections WHERE revoked_at IS NULL AND needs_reconnect_at IS NULL AND refresh_token <> ''"),
  );
  return (row?.n ?? 0) > 0;
}
