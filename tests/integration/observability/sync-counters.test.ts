// The scheduled run's counters line: one 'sync.run' line at its end with what the run did, the Data API
// units it spent and its duration, under the run's id (`sync-` and its scheduled time) like every line of the run.
import { env } from 'cloudflare:test';
import { afterEach, expect, it, vi } from 'vitest';
import { loggedSyncRun, scheduledSync } from '../../../src/server/ingest/sync/run-log';
import { DATA_API_COSTS } from '../../../src/server/google/data-api';
import { DATA_API_DAILY_QUOTA } from '../../../src/server/google/settings';
import { inLogContext } from '../../../src/server/log/context';
import { dataCalls, fakeGoogle, rows, syncBindings } from '../sync/helpers';
import { logLines } from '../log-lines';

const NOW = Date.parse('2026-03-01T12:05:00Z');
/** Units a public search spent earlier the same day: in the ledger, not the run's. */
const EARLIER = 2;
/** Reference data (3 units) and one chart page (1) fit in the day's limit after them; the rest is refused. */
const RUN_UNITS = 4;
const SETTINGS = {
  YOUTUBE_QUOTA_HEADROOM: String(DATA_API_DAILY_QUOTA - EARLIER - RUN_UNITS),
  TRENDS_COUNTRIES: 'US,GB',
  TRENDS_PAGES: '2',
  SNAPSHOT_CALLS_PER_RUN: '0',
  LIVE_SEARCH_UNITS_PER_DAY: '0',
};
type Resource = keyof typeof DATA_API_COSTS;

afterEach(() => {
  vi.restoreAllMocks();
});

/** A clock that answers the given times in turn: the run's start, then its end. */
const ticking = (...times: number[]) => {
  let i = 0;
  return () => times[Math.min(i++, times.length - 1)]!;
};

it("logs the run's counts at its end, every line of the run under its id", async () => {
  const google = await fakeGoogle();
  const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  await rows("INSERT INTO sync_quota (day, job, units, calls) VALUES ('2026-03-01', 'overlay-search', ?, 1)", EARLIER);
  const result = await inLogContext({ run_id: 'sync-test' }, () =>
    loggedSyncRun(syncBindings(google, ['apiKey'], SETTINGS), NOW, ticking(1_000, 1_750)),
  );
  expect(result).toMatchObject({ status: 'ran', failed: [] });

  const units = dataCalls(await google.requests()).reduce((sum, c) => sum + DATA_API_COSTS[c.path.split('/')[3] as Resource], 0);
  const positions = (await rows<{ n: number }>('SELECT count(*) AS n FROM trend_positions'))[0]?.n;
  const done = logLines(info).filter((line) => line.event === 'sync.run');
  expect(done).toEqual([
    {
      level: 'info',
      event: 'sync.run',
      message: 'sync run ran',
      run_id: 'sync-test',
      status: 'ran',
      failed_jobs: [],
      reports: {},
      reports_listed: 0,
      report_scopes: 0,
      trend_positions: positions,
      snapshots: 0,
      live_stored: 0,
      analytics_days: 0,
      data_api_units: units,
      duration_ms: 750,
    },
  ]);
  expect(units).toBe(RUN_UNITS);
  expect(positions).toBeGreaterThan(0);
  // The jobs' own lines carry the run's id too.
  const jobLines = [...logLines(info), ...logLines(warn)].filter((line) => line.event === 'sync');
  expect(jobLines.length).toBeGreaterThan(0);
  expect(jobLines.every((line) => line.run_id === 'sync-test')).toBe(true);
});

it('writes every line of a scheduled run under the run id of its scheduled time', async () => {
  const google = await fakeGoogle();
  const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  expect(await scheduledSync(syncBindings(google, ['apiKey'], SETTINGS), NOW)).toMatchObject({ status: 'ran' });

  const lines = [...logLines(info), ...logLines(warn)];
  // The jobs' progress lines and the counters line at the end, all of them under the run's id.
  expect(lines.filter((line) => line.event === 'sync').length).toBeGreaterThan(0);
  expect(lines.filter((line) => line.event === 'sync.run')).toHaveLength(1);
  expect(lines.map((line) => line.run_id)).toEqual(lines.map(() => 'sync-2026-03-01T12:05:00.000Z'));
});

it('logs a run that fails before its jobs as failed, with the cause', async () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const down = {
    prepare: () => {
      throw new Error('D1 is unavailable');
    },
    batch: () => Promise.reject(new Error('D1 is unavailable')),
  } as unknown as D1Database;
  const result = await inLogContext({ run_id: 'sync-down' }, () => loggedSyncRun({ ...env, DB: down }, NOW, ticking(0, 40)));
  expect(result).toBeNull();
  expect(logLines(error)).toEqual([
    expect.objectContaining({
      event: 'sync.run_failed',
      run_id: 'sync-down',
      duration_ms: 40,
      error: expect.objectContaining({ message: 'D1 is unavailable' }),
    }),
  ]);
});
