// report_files and report_slices: which content was loaded, and which file last wrote each slice.
import { channelIdSql, type ChannelKey } from './channel-keys';
import { chunkStatements } from './json-chunks';

/** A file whose content is still in effect: nothing it wrote has been replaced since. */
export interface CurrentFile {
  readonly days: string[];
  readonly channels: number;
  readonly rows: number;
}

export async function findCurrentFile(db: D1Database, sha256: string): Promise<CurrentFile | null> {
  const row = await db
    .prepare('SELECT days, channels, rows FROM report_files WHERE sha256 = ?1 AND superseded_at IS NULL')
    .bind(sha256)
    .first<{ days: string; channels: number; rows: number }>();
  if (!row) return null;
  const days: unknown = JSON.parse(row.days);
  return { days: Array.isArray(days) ? days.map(String) : [], channels: row.channels, rows: row.rows };
}

/** A slice a file owns: (channel, day) of one report family; day is 'YYYY-MM' for monthly finance. */
export type Slice = readonly [ChannelKey, string];

// ?1: JSON [[channel key, day], ...], ?2: network, ?3: family.
const COUNT_LOADED = `SELECT count(*) AS n FROM json_each(?1) AS s
JOIN report_slices AS r ON r.channel_id = ${channelIdSql('s.value ->> 0')} AND r.day = s.value ->> 1 AND r.family = ?3`;

/** True when an earlier file of this family wrote any of the slices (the new one replaces it). */
export async function slicesLoadedBefore(db: D1Database, family: string, slices: readonly string[], networkId: number | null) {
  for (const statement of chunkStatements(db, COUNT_LOADED, slices, networkId, family)) {
    const row = await statement.first<{ n: number }>();
    if ((row?.n ?? 0) > 0) return true;
  }
  return false;
}

/** True when another snapshot of this family was loaded for the network before. */
export async function snapshotLoadedBefore(db: D1Database, family: string, networkId: number | null, sha256: string) {
  const row = await db
    .prepare('SELECT EXISTS (SELECT 1 FROM report_files WHERE family = ?1 AND network_id IS ?2 AND sha256 <> ?3) AS found')
    .bind(family, networkId, sha256)
    .first<{ found: number }>();
  return row?.found === 1;
}

export interface FileEntry {
  readonly sha256: string;
  readonly name: string;
  readonly reportType: string;
  readonly family: string;
  readonly networkId: number | null;
  readonly days: readonly string[];
  readonly channels: number;
  readonly rows: number;
  readonly status: 'loaded' | 'replaced';
  /** A snapshot (video metadata, claims): it replaces the family's earlier snapshots of the network. */
  readonly snapshot: boolean;
}

const UPSERT_FILE = `INSERT INTO report_files (sha256, name, report_type, family, network_id, days, channels, rows, status, loaded_at)
VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
ON CONFLICT (sha256) DO UPDATE SET name = excluded.name, report_type = excluded.report_type, family = excluded.family,
  network_id = excluded.network_id, days = excluded.days, channels = excluded.channels, rows = excluded.rows,
  status = excluded.status, loaded_at = excluded.loaded_at, superseded_at = NULL`;
// ?1 slices, ?2 network, ?3 family, ?4 this file's sha256, ?5 now. Runs before the slices change hands.
const SUPERSEDE_BY_SLICES = `UPDATE report_files SET superseded_at = ?5
WHERE superseded_at IS NULL AND sha256 <> ?4 AND id IN (
  SELECT r.file_id FROM json_each(?1) AS s
  JOIN report_slices AS r ON r.channel_id = ${channelIdSql('s.value ->> 0')} AND r.day = s.value ->> 1 AND r.family = ?3)`;
const SUPERSEDE_SNAPSHOTS = `UPDATE report_files SET superseded_at = ?1
WHERE family = ?2 AND network_id IS ?3 AND sha256 <> ?4 AND superseded_at IS NULL`;
const CLAIM_SLICES = `INSERT INTO report_slices (channel_id, day, family, file_id)
SELECT ${channelIdSql('value ->> 0')}, value ->> 1, ?3, (SELECT id FROM report_files WHERE sha256 = ?4) FROM json_each(?1) WHERE true
ON CONFLICT (channel_id, day, family) DO UPDATE SET file_id = excluded.file_id`;

/**
 * Records the file and hands its slices over to it; earlier files that owned any of them (or, for a
 * snapshot without slices, earlier snapshots of the family and network) are marked superseded.
 */
export function logStatements(db: D1Database, entry: FileEntry, slices: readonly string[], now: number): D1PreparedStatement[] {
  const { sha256, family, networkId } = entry;
  const file = db.prepare(UPSERT_FILE).bind(
    sha256, entry.name, entry.reportType, family, networkId, JSON.stringify(entry.days), entry.channels, entry.rows,
    entry.status, now,
  );
  if (entry.snapshot) return [file, db.prepare(SUPERSEDE_SNAPSHOTS).bind(now, family, networkId, sha256)];
  return [
    file,
    ...chunkStatements(db, SUPERSEDE_BY_SLICES, slices, networkId, family, sha256, now),
    ...chunkStatements(db, CLAIM_SLICES, slices, networkId, family, sha256),
  ];
}
