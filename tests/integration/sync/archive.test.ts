// The report archive: every report the sync lists is streamed into R2 (multipart past one part) before it
// is loaded; a download cut off, a gzip cut short or R2 failing loads nothing, and the next run finishes.
import { env } from 'cloudflare:test';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { runSync } from '../../../src/server/ingest/sync/run';
import { csvForDay, csvRecords, sumBy } from './csv';
import { fakeGoogle, fixtureText, quietInfo, rows, syncBindings } from './helpers';
import type { ReportSpec, Scenario } from './fake/state';

const NOW = Date.parse('2026-03-05T12:05:00Z');
const BASIC = 'youtube/reporting_csv/channel_basic_a2.from_fivetran_seed.csv';
const OAUTH_ONLY = { TRENDS_PAGES: '0' };
/** 162 rows of 2021-07-27, 400 times over: about 11 MB, more than one 8 MiB part. */
const REPEAT = 400;
const CHANNEL = 'UC2vW_-qeIhF1ESszzuH2pyw';

const report = (extra: Partial<ReportSpec> = {}): ReportSpec => ({
  id: 'r-0727',
  file: BASIC,
  date: '20210727',
  startTime: '2021-07-27T07:00:00Z',
  createTime: '2021-07-29T10:00:00Z',
  ...extra,
});
const scenario = (spec: ReportSpec): Scenario => ({
  scopes: { '': { jobs: [{ id: 'job-basic', reportTypeId: 'channel_basic_a2', reports: [spec] }] } },
});

/** The file the fake serves for a spec: the day's rows, `times` over, under one header. */
async function servedText(times: number): Promise<string> {
  const day = csvForDay(await fixtureText(BASIC), '20210727');
  const [header = '', ...lines] = day.split('\n').filter((l) => l !== '');
  return `${header}\n${Array.from({ length: times }, () => lines.join('\n')).join('\n')}\n`;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

const dailyViews = () =>
  rows<{ views: number }>('SELECT d.views FROM channel_daily d JOIN channels c ON c.id = d.channel_id WHERE c.youtube_id = ?', CHANNEL);

beforeEach(quietInfo);
afterEach(() => {
  vi.restoreAllMocks();
});

it('streams a report larger than a part into R2, records its size and hash, and loads the figures from there', async () => {
  const google = await fakeGoogle(scenario(report({ repeat: REPEAT })));
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  expect(await runSync(syncBindings(google, ['oauth'], OAUTH_ONLY), { now: NOW })).toMatchObject({ status: 'ran', failed: [] });

  const text = await servedText(REPEAT);
  const bytes = new TextEncoder().encode(text).length;
  expect(bytes).toBeGreaterThan(8 * 1024 * 1024);
  const [archived] = await rows<{
    object_key: string;
    bytes: number;
    sha256: string;
    state: string;
    load_status: string;
    issued_at: number;
  }>('SELECT object_key, bytes, sha256, state, load_status, issued_at FROM report_archive');
  expect(archived).toEqual({
    object_key: 'youtube/own/channel_basic_a2/2021-07-29T10%3A00%3A00Z_r-0727.csv',
    bytes,
    sha256: await sha256Hex(text),
    state: 'archived',
    load_status: 'loaded',
    issued_at: Date.parse('2021-07-29T10:00:00Z') / 1000,
  });
  const object = await env.REPORTS.get(archived?.object_key ?? '');
  expect(await object?.text()).toBe(text);

  const views = sumBy(csvRecords(text), 'date', 'views').get('20210727');
  expect(await dailyViews()).toEqual([{ views }]);
  expect(await rows("SELECT status FROM sync_reports WHERE report_id = 'r-0727'")).toEqual([{ status: 'loaded' }]);
});

it.each([
  ['a download cut off mid-file', { cutAt: 200_000, repeat: 40 }, /archive: the file could not be read to its end/],
  ['a gzip file cut short', { gzipCut: true, repeat: 40 }, /archive: the file could not be read to its end: not a readable gzip file/],
])('%s stores nothing, loads nothing and says why; the next run loads it whole', async (_, fault, reason) => {
  const google = await fakeGoogle(scenario(report(fault)));
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const bindings = syncBindings(google, ['oauth'], OAUTH_ONLY);
  await runSync(bindings, { now: NOW });

  const [failed] = await rows<{ status: string; reason: string }>('SELECT status, reason FROM sync_reports');
  expect(failed?.status).toBe('failed');
  expect(failed?.reason).toMatch(reason);
  expect(await rows('SELECT state, reason FROM report_archive')).toEqual([{ state: 'failed', reason: failed?.reason }]);
  expect((await env.REPORTS.list({ prefix: 'youtube/' })).objects).toEqual([]);
  expect(await dailyViews()).toEqual([]);
  expect(warn.mock.calls.some(([line]) => String(line).includes('report r-0727 failed'))).toBe(true);

  await google.setup(scenario(report({ repeat: 40 })));
  await runSync(bindings, { now: NOW + 3_600_000 });
  const views = sumBy(csvRecords(await servedText(40)), 'date', 'views').get('20210727');
  expect(await dailyViews()).toEqual([{ views }]);
  expect(await rows('SELECT status, attempts FROM sync_reports')).toEqual([{ status: 'loaded', attempts: 2 }]);
  expect(await rows('SELECT state, reason, load_status FROM report_archive')).toEqual([
    { state: 'archived', reason: null, load_status: 'loaded' },
  ]);
});

it('R2 failing while a report is archived or read loads nothing; the report is retried', async () => {
  const google = await fakeGoogle(scenario(report()));
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const down = (): never => {
    throw new Error('R2 is unavailable (503)');
  };
  const broken = { ...env.REPORTS, put: down, get: down, head: down, createMultipartUpload: down } as unknown as R2Bucket;
  const bindings = syncBindings(google, ['oauth'], OAUTH_ONLY);
  await runSync({ ...bindings, REPORTS: broken }, { now: NOW });
  const [failed] = await rows<{ status: string; reason: string }>('SELECT status, reason FROM sync_reports');
  expect(failed).toEqual({ status: 'failed', reason: 'archive: R2 is unavailable (503)' });
  expect(await dailyViews()).toEqual([]);

  // Archived, then R2 fails on the read: the load stops before writing anything.
  await runSync(
    { ...bindings, REPORTS: { ...env.REPORTS, put: env.REPORTS.put.bind(env.REPORTS), get: down } as unknown as R2Bucket },
    {
      now: NOW + 3_600_000,
    },
  );
  expect(await rows('SELECT status FROM sync_reports')).toEqual([{ status: 'failed' }]);
  expect(await rows('SELECT state, load_status FROM report_archive')).toEqual([{ state: 'archived', load_status: 'failed' }]);
  expect(await dailyViews()).toEqual([]);

  const downloadsBefore = (await google.requests()).filter((r) => r.path.startsWith('/reporting/v1/media/')).length;
  await runSync(bindings, { now: NOW + 7_200_000 });
  // Loaded from the archived copy: not downloaded again.
  expect((await google.requests()).filter((r) => r.path.startsWith('/reporting/v1/media/')).length).toBe(downloadsBefore);
  const views = sumBy(csvRecords(await servedText(1)), 'date', 'views').get('20210727');
  expect(await dailyViews()).toEqual([{ views }]);
});
