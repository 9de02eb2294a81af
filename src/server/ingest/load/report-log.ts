// report_files and report_slices: which content was loaded, and which file last wrote each slice.
import { raw } from '../../db/sql';
import { first, statement } from '../../db/query';
import { channelIdSql, type ChannelKey } from './channel-keys';
import { chunkStatements } from './json-chunks';
import type { Slice, SliceOwner } from './files';
import type { RecordedIssue } from './issue';
import { forgetRefusal } from './refusals';

/** A file whose content was loaded before (its slices may have been replaced since). */
export interface LoadedFile {
  readonly name: string;
  readonly days: string[];
  readonly channels: number;
  readonly rows: number;
  /** Nothing it wrote has been replaced since. */
  readonly current: boolean;
  /** When it was issued, as recorded (a re-applied file without a better time keeps this one). */
  readonly issued: RecordedIssue;
}

/** The file loaded earlier with this content, if any: content is applied once, never again. */
export async function findLoadedFile(db: D1Database, sha256: string): Promise<LoadedFile | null> {
  const row = await first<{
    name: string;
    days: string;
    channels: number;
    rows: number;
    superseded_at: number | null;
    issued_at: number;
    issued_from: RecordedIssue['from'];
  }>(
    db,
    raw(
      `SELECT name, days, channels, rows, superseded_at, coalesce(issued_at, loaded_at) AS issued_at,
      coalesce(issued_from, 'load') AS issued_from FROM report_files WHERE sha256 = ?1`,
      sha256,
    ),
    'sql',
  );
  if (!row) return null;
  const days: unknown = JSON.parse(row.days);
  return {
    name: row.name,
    days: Array.isArray(days) ? days.map(String) : [],
    channels: row.channels,
    rows: row.rows,
    current: row.superseded_at === null,
    issued: { at: row.issued_at, from: row.issued_from },
  };
}

/** Identifies a slice of a family across files: family, network (for the UGC key), channel key, day. */
export function sliceId(family: string, networkId: number | null, [key, day]: Slice): string {
  return JSON.stringify([family, key === null ? networkId : null, key, day]);
}

// ?1: JSON [[channel key, day], ...], ?2: network, ?3: family.
const SLICE_OWNERS = `SELECT s.value ->> 0 AS key, s.value ->> 1 AS day, f.name, coalesce(f.issued_at, f.loaded_at) AS issuedAt,
  coalesce(f.issued_from, 'load') AS issuedFrom, f.sha256
FROM json_each(?1) AS s
JOIN report_slices AS r ON r.channel_id = ${channelIdSql('s.value ->> 0')} AND r.day = s.value ->> 1 AND r.family = ?3
JOIN report_files AS f ON f.id = r.file_id`;

interface OwnerRow {
  name: string;
  issuedAt: number;
  issuedFrom: RecordedIssue['from'];
  sha256: string;
}

const ownerOf = (r: OwnerRow): SliceOwner => ({ name: r.name, issued: { at: r.issuedAt, from: r.issuedFrom }, sha256: r.sha256 });

/** The files that own any of the slices now, by sliceId. */
export async function sliceOwners(db: D1Database, family: string, slices: readonly Slice[], networkId: number | null) {
  const owners = new Map<string, SliceOwner>();
  const json = slices.map((s) => JSON.stringify(s));
  for (const statement of chunkStatements(db, SLICE_OWNERS, json, networkId, family)) {
    const { results } = await statement.all<OwnerRow & { key: string | null; day: string }>();
    for (const r of results) owners.set(sliceId(family, networkId, [r.key, r.day]), ownerOf(r));
  }
  return owners;
}

/** The snapshot of this family and network in effect (video metadata, claims), if any. */
export async function currentSnapshot(db: D1Database, family: string, networkId: number | null): Promise<SliceOwner | null> {
  const row = await first<OwnerRow>(
    db,
    raw(
      `SELECT name, coalesce(issued_at, loaded_at) AS issuedAt, coalesce(issued_from, 'load') AS issuedFrom, sha256 FROM report_files
      WHERE family = ?1 AND network_id IS ?2 AND superseded_at IS NULL ORDER BY id DESC LIMIT 1`,
      family,
      networkId,
    ),
    'sql',
  );
  return row && ownerOf(row);
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
  readonly issuedAt: number;
  readonly issuedFrom: RecordedIssue['from'];
  /** A snapshot (video metadata, claims): it replaces the family's earlier snapshots of the network. */
  readonly snapshot: boolean;
  /**
   * Some of its slices are held by reports issued later: a re-applied file that was superseded stays
   * so (a new file has no superseded_at to keep).
   */
  readonly partial: boolean;
}

const UPSERT_FILE = `INSERT INTO report_files (sha256, name, report_type, family, network_id, days, channels, rows, status, loaded_at,
  issued_at, issued_from)
VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
-- A conflict is a re-applied file: it stays 'replaced' if it once replaced slices, and superseded if
-- reports issued later still hold some of its slices (?13).
ON CONFLICT (sha256) DO UPDATE SET name = excluded.name, report_type = excluded.report_type, family = excluded.family,
  network_id = excluded.network_id, days = excluded.days, channels = excluded.channels, rows = excluded.rows,
  status = CASE WHEN excluded.status = 'replaced' THEN 'replaced' ELSE report_files.status END, loaded_at = excluded.loaded_at, issued_at = excluded.issued_at,
  issued_from = excluded.issued_from, superseded_at = CASE WHEN ?13 THEN report_files.superseded_at END`;
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
 * snapshot without slices, earlier snapshots of the family and network) are marked superseded. A
 * refusal recorded for this content before is forgotten: it is loaded now.
 */
export function logStatements(db: D1Database, entry: FileEntry, slices: readonly string[], now: number): D1PreparedStatement[] {
  const { sha256, family, networkId } = entry;
  const file = statement(
    db,
    raw(
      UPSERT_FILE,
      sha256,
      entry.name,
      entry.reportType,
      family,
      networkId,
      JSON.stringify(entry.days),
      entry.channels,
      entry.rows,
      entry.status,
      now,
      entry.issuedAt,
      entry.issuedFrom,
      entry.partial ? 1 : 0,
    ),
  );
  const forget = forgetRefusal(db, sha256);
  if (entry.snapshot) return [file, forget, statement(db, raw(SUPERSEDE_SNAPSHOTS, now, family, networkId, sha256))];
  return [
    file,
    forget,
    ...chunkStatements(db, SUPERSEDE_BY_SLICES, slices, networkId, family, sha256, now),
    ...chunkStatements(db, CLAIM_SLICES, slices, networkId, family, sha256),
  ];
}

// ?1 slices [channel key or channels.id, day], ?2 network: their (channel, month) buckets await a rollup refresh.
const MARK_PENDING = `INSERT INTO rollup_pending (channel_id, month)
SELECT channel_id, month FROM (
  SELECT DISTINCT ${channelIdSql('value ->> 0')} AS channel_id, substr(value ->> 1, 1, 7) AS month FROM json_each(?1))
WHERE channel_id IS NOT NULL
ON CONFLICT (channel_id, month) DO UPDATE SET version = version + 1`;

/** A slice to mark: a channel key, or channels.id when the loader knows it (the API loaders). */
export type MarkedSlice = readonly [ChannelKey | number, string];

/**
 * Marks the buckets of a load's daily slices for the rollups, in the load's own batch: facts and the
 * record that their rollups are stale commit together (see refreshPendingRollups). Report files and
 * the Analytics API loader both mark this way.
 */
export function pendingStatements(db: D1Database, slices: readonly MarkedSlice[], networkId: number | null): D1PreparedStatement[] {
  const months = new Map<string, string>();
  for (const [key, day] of slices) {
    const bucket = JSON.stringify([key, day.slice(0, 7)]);
    months.set(bucket, bucket);
  }
  return chunkStatements(db, MARK_PENDING, [...months.values()], networkId);
}
