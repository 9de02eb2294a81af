// What the console's sync page and overview show beside getSyncStatus: recent uploads and the loads
// operators started, the retention window, and counts of accounts and networks.
import { all, first } from '../db/query';
import { raw } from '../db/sql';
import { getWindowStart } from '../ingest/retention/window';

/** Uploads and load starts listed on the sync page. */
export const RECENT_ROWS = 20;

export interface RecentUpload {
  id: number;
  name: string;
  state: string;
  bytes: number | null;
  load_status: string | null;
  load_reason: string | null;
  created_at: number;
  loaded_at: number | null;
}

/** The newest uploads of report files, with what their last load did. */
export function listRecentUploads(db: D1Database): Promise<RecentUpload[]> {
  return all<RecentUpload>(
    db,
    raw(
      `SELECT id, name, state, coalesce(bytes, expected_bytes) AS bytes, load_status, load_reason, created_at, loaded_at
       FROM report_archive WHERE origin = 'upload' ORDER BY id DESC LIMIT ?`,
      RECENT_ROWS,
    ),
    'sql',
  );
}

/** Actions of the audit log that start a load of archived files. */
export const LOAD_ACTIONS = ['upload.load', 'import', 'replay'] as const;

export interface RecentLoad {
  at: number;
  actor: string;
  action: string;
  target: string;
  detail: string;
}

/** The loads operators started lately (console or admin API), from the audit log. */
export function listRecentLoads(db: D1Database): Promise<RecentLoad[]> {
  return all<RecentLoad>(
    db,
    raw(
      `SELECT at, actor, action, target, detail FROM audit_log WHERE action IN (SELECT value FROM json_each(?))
       ORDER BY at DESC, id DESC LIMIT ?`,
      JSON.stringify(LOAD_ACTIONS),
      RECENT_ROWS,
    ),
    'sql',
  );
}

export interface RetentionView {
  windowDays: number;
  /** The first day of the daily window, or null before any snapshot is rolled up. */
  windowStart: string | null;
}

export async function getRetentionView(db: D1Database, windowDays: number): Promise<RetentionView> {
  return { windowDays, windowStart: await getWindowStart(db, windowDays) };
}

export interface ConsoleCounts {
  users: number;
  active: number;
  invited: number;
  staff: number;
  networks: number;
  partnerNetworks: number;
  grants: number;
  auditToday: number;
}

/** Counts for the overview; `since` (unix seconds) bounds "audit entries lately". */
export async function getConsoleCounts(db: D1Database, since: number): Promise<ConsoleCounts> {
  const row = await first<ConsoleCounts>(
    db,
    raw(
      `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM users WHERE is_active = 1) AS active,
         (SELECT count(*) FROM users WHERE password_hash IS NULL) AS invited,
         (SELECT count(*) FROM users WHERE staff = 1 AND is_active = 1) AS staff,
         (SELECT count(*) FROM networks) AS networks, (SELECT count(*) FROM networks WHERE is_partner = 1) AS partner_networks,
         (SELECT count(*) FROM channel_grants) + (SELECT count(*) FROM network_grants) AS grants,
         (SELECT count(*) FROM audit_log WHERE at >= ?) AS audit_today`,
      since,
    ),
  );
  if (!row) throw new Error('console counts returned no row');
  return row;
}
