// A folder of daily files: their writes share batches, yet each file still loads completely or not at all.
import { env } from 'cloudflare:test';
import { expect, it } from 'vitest';
import { importFiles } from '../../../src/server/ingest/load/import-files';
import { rebuildAllRollups, refreshPendingRollups } from '../../../src/server/ingest/rollup/index';
import { runImport } from '../../../src/server/ingest/run-import';
import { basicCsv } from './basic-builder';
import { all, encode, NOW } from './support';

const A = 'UC2vW_-qeIhF1ESszzuH2pyw';
const B = 'UCaaaaaaaaaaaaaaaaaaaaaa';
const DAYS = ['20260920', '20260925', '20260930', '20261001', '20261002', '20261005'];

/** One channel_basic_a3 file per day, both channels, two countries: as YouTube delivers them. */
function dailyFiles(): Array<{ name: string; bytes: Uint8Array }> {
  return DAYS.map((day, d) => ({
    name: `channel_basic_a3_${day}.csv`,
    bytes: encode(
      basicCsv(
        [A, B].flatMap((channel, c) => [
          { day, channel, video: 'aaaaaaaaaaa', country: 'US', views: 100 * (d + 1) + c, likes: d + 1 },
          { day, channel, video: 'bbbbbbbbbbb', country: 'FR', views: 10 + d, comments: c + 1 },
        ]),
      ),
    ),
  }));
}

/** The database, counting the batches sent through it (the importer's round trips that write). */
function countingDb(failGroups = false): { db: D1Database; batches: () => number } {
  let batches = 0;
  const db = new Proxy(env.DB, {
    get(target, key) {
      if (key === 'batch') {
        return async (statements: D1PreparedStatement[]) => {
          batches += 1;
          // A failure of the shared batch (say a limit of the platform): only the files sent alone may pass.
          if (failGroups && statements.length > 30) throw new Error('D1_ERROR: too many statements for this test');
          return target.batch(statements);
        };
      }
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db, batches: () => batches };
}

const ROLLUPS: Array<[string, string]> = [
  ['channel_monthly', 'channel_id, month'],
  ['channel_country_monthly', 'channel_id, month, country_code'],
  ['channel_country_yearly', 'channel_id, year, country_code'],
];

async function dumpRollups(): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const [table, order] of ROLLUPS) out[table] = await all(`SELECT * FROM ${table} ORDER BY ${order}`);
  return out;
}

it('writes a folder of daily files in one shared batch, and refreshes rollups once to what a rebuild gives', async () => {
  const { db, batches } = countingDb();
  const summary = await importFiles(db, dailyFiles(), { now: NOW });
  expect(summary.files.map((f) => f.status)).toEqual(DAYS.map(() => 'loaded'));
  // Six files, one write: before, each file was a batch of its own.
  expect(batches()).toBe(1);
  expect(summary.changedDays).toHaveLength(2 * DAYS.length);
  // Every file marked its buckets in the shared batch: one refresh after the run finds them all.
  expect((await refreshPendingRollups(env.DB)).buckets).toBe(4);
  const refreshed = await dumpRollups();
  await rebuildAllRollups(env.DB);
  expect(await dumpRollups()).toEqual(refreshed);
  expect(await all('SELECT count(*) AS n FROM rollup_pending')).toEqual([{ n: 0 }]);
});

it('a bad file among them writes nothing and names its line; the others load', async () => {
  const files = dailyFiles();
  const bad = files[2];
  if (!bad) throw new Error('no third file');
  const lines = new TextDecoder().decode(bad.bytes).split('\n');
  lines[3] = (lines[3] ?? '').replace(',301,', ',3O1,');
  files[2] = { name: bad.name, bytes: encode(lines.join('\n')) };
  const run = await runImport({ db: env.DB, kv: env.KV }, files, { now: NOW });
  expect(run.files.map((f) => f.status)).toEqual(['loaded', 'loaded', 'rejected', 'loaded', 'loaded', 'loaded']);
  expect(run.files[2]?.reason).toBe('channel_basic_a3_20260930.csv:4: column views: "3O1" is not a whole number');
  const days = await all<{ day: string }>('SELECT DISTINCT day FROM channel_daily ORDER BY day');
  expect(days.map((d) => d.day)).toEqual(['2026-09-20', '2026-09-25', '2026-10-01', '2026-10-02', '2026-10-05']);
  expect(await all("SELECT name FROM report_files WHERE name LIKE '%20260930%'")).toEqual([]);
});

it('when the shared batch fails, sends each file alone: every file still loads whole', async () => {
  const { db, batches } = countingDb(true);
  const summary = await importFiles(db, dailyFiles(), { now: NOW });
  expect(summary.files.map((f) => f.status)).toEqual(DAYS.map(() => 'loaded'));
  expect(batches()).toBe(1 + DAYS.length);
  const views = await all<{ views: number }>('SELECT sum(views) AS views FROM channel_daily');
  expect(views).toEqual([{ views: DAYS.reduce((n, _, d) => n + 2 * (100 * (d + 1) + 10 + d) + 1, 0) }]);
});
