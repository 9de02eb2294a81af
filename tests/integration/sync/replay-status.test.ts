// The operator's view of the pull (POST /api/admin/sync-status) and replays from the archive after
// YouTube deleted its files (POST /api/admin/replay): figures come back equal to the files' own sums.
import { env } from 'cloudflare:test';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { runSync } from '../../../src/server/ingest/sync/run';
import { getSyncStatus, type SyncStatus } from '../../../src/server/ingest/sync/status';
import type { ReplayPage } from '../../../src/server/ingest/archive/replay';
import { call } from '../http';
import { loadResult } from '../admin-loads';
import { csvForDay, csvRecords, sumBy } from './csv';
import { fakeGoogle, fixtureText, quietInfo, rows, syncBindings } from './helpers';
import type { Scenario } from './fake/state';

// 2021-08-01 12:05 UTC: the latest day expected is 2021-07-30 (Pacific today 2021-08-01, minus 2).
const NOW = Date.parse('2021-08-01T12:05:00Z');
const BASIC = 'youtube/reporting_csv/channel_basic_a2.from_fivetran_seed.csv';
const OAUTH_ONLY = { TRENDS_PAGES: '0' };
const CHANNEL = 'UC2vW_-qeIhF1ESszzuH2pyw';

const basic = (id: string, date: string, createTime: string, failWith?: number) => ({
  id,
  file: BASIC,
  date,
  startTime: `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6)}T07:00:00Z`,
  createTime,
  ...(failWith ? { failWith } : {}),
});
const scenario = (reports: ReturnType<typeof basic>[]): Scenario => ({
  scopes: { '': { jobs: [{ id: 'job-basic', reportTypeId: 'channel_basic_a2', reports }] } },
});

async function admin<T>(path: string, body: unknown): Promise<{ status: number; data?: T; error?: string }> {
  const res = await call(`/api/admin/${path}`, { body, headers: { Authorization: `Bearer ${env.ADMIN_TOKEN ?? ''}` } });
  return { status: res.status, ...((await res.json()) as { data?: T; error?: string }) };
}

/** A replay page: its load starts (202) and is followed to its result, as the command line does. */
async function replay(body: unknown): Promise<ReplayPage> {
  const res = await call('/api/admin/replay', { body, headers: { Authorization: `Bearer ${env.ADMIN_TOKEN ?? ''}` } });
  return loadResult<ReplayPage>(res);
}

const dailyViews = () =>
  rows<{ day: string; views: number }>(
    'SELECT d.day, d.views FROM channel_daily d JOIN channels c ON c.id = d.channel_id WHERE c.youtube_id = ? ORDER BY d.day',
    CHANNEL,
  );

beforeEach(quietInfo);
afterEach(() => {
  vi.restoreAllMocks();
});

it('reports per type what was listed, archived, loaded and failed, the lag, the missing days and the quota', async () => {
  const google = await fakeGoogle(
    scenario([
      basic('r-0727', '20210727', '2021-07-29T10:00:00Z'),
      basic('r-0728', '20210728', '2021-07-30T10:00:00Z', 500),
      basic('r-0730', '20210730', '2021-08-01T02:00:00Z'),
    ]),
  );
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  await runSync(syncBindings(google, ['oauth'], OAUTH_ONLY), { now: NOW });

  // The admin API answers the status at the wall clock; the function itself takes the clock, pinned here.
  const answered = await admin<SyncStatus>('sync-status', {});
  expect(answered.status).toBe(200);
  expect(answered.data?.types.map((t) => t.listed)).toEqual([3]);
  const data = await getSyncStatus(env.DB, NOW);
  const served = await Promise.all(['20210727', '20210730'].map(async (d) => csvForDay(await fixtureText(BASIC), d)));
  expect(data?.expectedThrough).toBe('2021-07-30');
  expect(data?.types).toEqual([
    {
      scope: '',
      reportTypeId: 'channel_basic_a2',
      listed: 3,
      archived: 2,
      archivedBytes: served.reduce((n, text) => n + new TextEncoder().encode(text).length, 0),
      loaded: 2,
      superseded: 0,
      rejected: 0,
      failed: 1,
      loading: 0,
      retried: 0,
      lastDay: '2021-07-30',
      // Loaded at NOW: its createTime was 10 h 05 min before.
      lagLastSeconds: (NOW - Date.parse('2021-08-01T02:00:00Z')) / 1000,
      lagMaxSeconds: (NOW - Date.parse('2021-07-29T10:00:00Z')) / 1000,
      lastProblem: { reportId: 'r-0728', day: '2021-07-28', status: 'failed', reason: 'archive: reporting: HTTP 500: Backend Error' },
      // 07-28 failed and 07-29 never came.
      missingDays: ['2021-07-28', '2021-07-29'],
      missingCount: 2,
      expired: 0,
    },
  ]);
  expect(data?.uploads).toEqual({ files: 0, bytes: 0, loaded: 0, rejected: 0, failed: 0 });
  expect(data?.quota).toEqual({ day: '2021-08-01', units: 0, calls: 0, byJob: {} });
});

it('replays archived files after YouTube deleted them: the same figures, nothing downloaded', async () => {
  const google = await fakeGoogle(
    scenario([basic('r-0727', '20210727', '2021-07-29T10:00:00Z'), basic('r-0728', '20210728', '2021-07-30T10:00:00Z')]),
  );
  await runSync(syncBindings(google, ['oauth'], OAUTH_ONLY), { now: NOW });
  const records = csvRecords(await fixtureText(BASIC)).filter((r) => r.date === '20210727' || r.date === '20210728');
  const expected = [...sumBy(records, 'date', 'views')].map(([d, views]) => ({
    day: `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}`,
    views,
  }));
  expect(await dailyViews()).toEqual(expected);

  // The facts are lost (a database restored from before the load); YouTube no longer has the files.
  await env.DB.batch(
    ['DELETE FROM channel_daily', 'DELETE FROM channel_country_daily', 'DELETE FROM report_files'].map((q) => env.DB.prepare(q)),
  );
  await google.setup(scenario([]));
  const before = (await google.requests()).length;
  const first = await replay({ network: 'all', days: 1 });
  expect(first).toEqual({ days: ['2021-07-27'], files: 1, statuses: { loaded: 1 }, next: '2021-07-27' });
  const second = await replay({ network: 'all', days: 1, after: first.next });
  expect(second).toEqual({ days: ['2021-07-28'], files: 1, statuses: { loaded: 1 }, next: '2021-07-28' });
  expect(await replay({ network: 'all', days: 1, after: '2021-07-28' })).toEqual({
    days: [],
    files: 0,
    statuses: {},
    next: null,
  });
  expect(await dailyViews()).toEqual(expected);
  expect((await google.requests()).length).toBe(before);

  // Again: the same figures (a replay applies files again, it never adds them twice).
  expect(await replay({ network: 'all', from: '2021-07-01', to: '2021-07-31', days: 31 })).toMatchObject({ files: 2, next: null });
  expect(await dailyViews()).toEqual(expected);
});

it.each([
  [{ network: 'all', from: '2021-07-31', to: '2021-07-01' }, 400, 'from must not be after to'],
  [{ network: 'all', from: '2021-7-1' }, 400, 'YYYY-MM-DD'],
  [{ network: 'all', days: 32 }, 400, 'days'],
  [{ network: 'no-such-network' }, 404, 'No network "no-such-network"'],
])('refuses a bad replay request %j with %i and a message', async (body, status, message) => {
  const answer = await admin('replay', body);
  expect(answer.status).toBe(status);
  expect(answer.error).toContain(message);
});
