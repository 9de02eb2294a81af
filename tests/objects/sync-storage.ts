// What the Workflow suites (report-loads, report-pieces) leave in the shared D1 between their tests:
// this suite keeps storage between files, so each empties these tables and forgets the channel it made.
import { env } from 'cloudflare:test';

const SYNC_TABLES = [
  'channel_daily',
  'channel_country_daily',
  'report_slices',
  'report_files',
  'sync_reports',
  'sync_report_cursors',
  'report_archive',
  'import_staged',
  'import_staged_checks',
  'import_staged_weights',
];

/** Empties the figures, report bookkeeping, archive rows and staged rows a sync wrote. */
export async function clearSyncTables(): Promise<void> {
  await env.DB.batch(SYNC_TABLES.map((t) => env.DB.prepare(`DELETE FROM ${t}`)));
}

/** Clears the tables and removes the channel the loads created, so another file's suite never meets it. */
export async function forgetChannel(youtubeId: string): Promise<void> {
  await clearSyncTables();
  await env.DB.prepare('DELETE FROM channels WHERE youtube_id = ?').bind(youtubeId).run();
}
