// What the Workflow suites (report-loads, report-pieces, archive-loads) read and leave in the shared D1, and the
// set-up they share: this suite keeps storage between files, so each test starts on emptied tables and each
// file forgets the channel it made.
import { env, type WorkflowIntrospector } from 'cloudflare:test';
import { afterAll, afterEach, beforeEach, vi, type MockInstance } from 'vitest';
import { rows } from '../integration/sync/helpers';
import { logTexts } from '../integration/log-lines';

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
async function clearSyncTables(): Promise<void> {
  await env.DB.batch(SYNC_TABLES.map((t) => env.DB.prepare(`DELETE FROM ${t}`)));
}

/** Clears the tables and removes the channel the loads created, so another file's suite never meets it. */
async function forgetChannel(youtubeId: string): Promise<void> {
  await clearSyncTables();
  await env.DB.prepare('DELETE FROM channels WHERE youtube_id = ?').bind(youtubeId).run();
}

/**
 * Runs each test of the calling file on emptied sync tables with the sync's info and warning lines silenced,
 * restores every mock after it, and forgets `channel` once the file is done. Answers the info lines the
 * running test's code logged, for a test that checks what the sync said.
 */
export function eachTestOnEmptySyncTables(channel: string): { infoLines: () => string[] } {
  let info: MockInstance<typeof console.info> | undefined;
  beforeEach(async () => {
    info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await clearSyncTables();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(() => forgetChannel(channel));
  return { infoLines: () => (info ? logTexts(info) : []) };
}

/** Makes the step named `step` of every instance `loads` watches fail every try, with `message`. */
export const failStepEveryTry = (loads: WorkflowIntrospector, step: string, message: string) =>
  loads.modifyAll(async (m) => {
    await m.mockStepError({ name: step }, new Error(message));
  });

/** A channel's stored day and views per country, in the shape of expectedFigures (archive-support). */
export async function storedFigures(youtubeId: string) {
  const daily = await rows(
    `SELECT d.views, d.likes, d.watch_time_minutes AS watch FROM channel_daily d
     JOIN channels c ON c.id = d.channel_id WHERE c.youtube_id = ?`,
    youtubeId,
  );
  const countries = await rows(
    `SELECT d.country_code AS country, d.views FROM channel_country_daily d
     JOIN channels c ON c.id = d.channel_id WHERE c.youtube_id = ? ORDER BY d.country_code`,
    youtubeId,
  );
  return { daily, countries };
}

/** Rows a file's pieces staged and left: slices, and a basic report's views per demographics key. */
export const stagedRows = () =>
  rows<{ n: number }>('SELECT (SELECT count(*) FROM import_staged) + (SELECT count(*) FROM import_staged_weights) AS n');

/** A text's length in UTF-8 bytes, as R2 and REPORT_PIECE_BYTES count it. */
export const byteLength = (text: string) => new TextEncoder().encode(text).length;
