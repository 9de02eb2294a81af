// The Reporting API pull against the fake: jobs, reports by createTime, downloads, loads, cursors, ownership.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { runSync } from '../../../src/server/ingest/sync/run';
import { csvRecords, decimalMicros, sumBy } from './csv';
import { factsDb, rowsIn } from '../partner-facts';
import { createNetwork, fakeGoogle, fixtureText, quietInfo, rows, syncBindings } from './helpers';
import type { Scenario } from './fake/state';
import { logTexts } from '../log-lines';

const NOW = Date.parse('2026-03-05T12:05:00Z');
const BASIC = 'youtube/reporting_csv/channel_basic_a2.from_fivetran_seed.csv';
const DEMOGRAPHICS = 'youtube/reporting_csv/channel_demographics_a1.from_fivetran_seed.csv';
const REVENUE = 'ingest/content_owner_estimated_revenue_a1_20260301.csv';
const OAUTH_ONLY = { TRENDS_PAGES: '0' };

const ownChannel: Scenario = {
  scopes: {
    '': {
      jobs: [
        {
          id: 'job-basic',
          reportTypeId: 'channel_basic_a2',
          reports: [
            { id: 'r-0727-first', file: BASIC, date: '20210727', startTime: '2021-07-27T07:00:00Z', createTime: '2021-07-29T09:00:00Z' },
            { id: 'r-0727', file: BASIC, date: '20210727', startTime: '2021-07-27T07:00:00Z', createTime: '2021-07-29T10:00:00.123456Z' },
            { id: 'r-0728', file: BASIC, date: '20210728', startTime: '2021-07-28T07:00:00Z', createTime: '2021-07-30T10:00:00Z' },
          ],
        },
        {
          id: 'job-demographics',
          reportTypeId: 'channel_demographics_a1',
          reports: [
            // Its channel_id is anonymised in the sample ("ZZZZZZ"): the importer rejects it.
            { id: 'd-0813', file: DEMOGRAPHICS, date: '20210813', startTime: '2021-08-13T07:00:00Z', createTime: '2021-08-15T10:00:00Z' },
          ],
        },
        // A job of every wanted family exists, so the run lists no report types; this one has no report yet.
        { id: 'job-traffic', reportTypeId: 'channel_traffic_source_a3', reports: [] },
      ],
    },
  },
};

beforeEach(quietInfo);
afterEach(() => {
  vi.restoreAllMocks();
});

it('loads each new report once, by day; table sums equal the files; cursors move; a second run downloads nothing', async () => {
  const google = await fakeGoogle(ownChannel);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const bindings = syncBindings(google, ['oauth'], OAUTH_ONLY);
  expect(await runSync(bindings, { now: NOW })).toMatchObject({ status: 'ran', failed: [] });

  const records = csvRecords(await fixtureText(BASIC));
  const channel = records[0]?.channel_id ?? '';
  const daily = await rows(
    'SELECT d.day, d.views, d.likes, d.comments, d.shares, d.subscribers_gained, d.subscribers_lost, d.watch_time_minutes FROM channel_daily d JOIN channels c ON c.id = d.channel_id WHERE c.youtube_id = ? ORDER BY d.day',
    channel,
  );
  const sums = (column: string) => sumBy(records, 'date', column);
  expect(daily).toEqual(
    ['20210727', '20210728'].map((date) => ({
      day: `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6)}`,
      views: sums('views').get(date),
      likes: sums('likes').get(date),
      comments: sums('comments').get(date),
      shares: sums('shares').get(date),
      subscribers_gained: sums('subscribers_gained').get(date),
      subscribers_lost: sums('subscribers_lost').get(date),
      watch_time_minutes: Math.round(sums('watch_time_minutes').get(date) ?? 0),
    })),
  );
  // The rollups ran after the load: the month holds both days.
  expect(
    await rows(
      'SELECT m.views FROM channel_monthly m JOIN channels c ON c.id = m.channel_id WHERE c.youtube_id = ? AND m.month = ?',
      channel,
      '2021-07',
    ),
  ).toEqual([{ views: [...sums('views').values()].reduce((a, b) => a + b, 0) }]);

  expect(await rows("SELECT reason FROM sync_reports WHERE status = 'rejected'")).toEqual([
    { reason: expect.stringContaining('"ZZZZZZ" is not a YouTube channel id') },
  ]);
  expect(await rows('SELECT report_id, day, status, attempts FROM sync_reports ORDER BY report_id')).toEqual([
    { report_id: 'd-0813', day: '2021-08-13', status: 'rejected', attempts: 1 },
    { report_id: 'r-0727', day: '2021-07-27', status: 'loaded', attempts: 1 },
    { report_id: 'r-0727-first', day: '2021-07-27', status: 'superseded', attempts: 1 },
    { report_id: 'r-0728', day: '2021-07-28', status: 'loaded', attempts: 1 },
  ]);
  expect(await rows('SELECT job_id, created_after FROM sync_report_cursors ORDER BY job_id')).toEqual([
    { job_id: 'job-basic', created_after: '2021-07-30T10:00:00Z' },
    { job_id: 'job-demographics', created_after: '2021-08-15T10:00:00Z' },
  ]);
  const first = await google.requests();
  const downloads = first.filter((r) => r.path.startsWith('/reporting/v1/media/'));
  expect(downloads.map((d) => d.path.split('/').pop()).sort()).toEqual(['d-0813', 'r-0727', 'r-0728']);
  expect(downloads.every((d) => d.acceptEncoding?.includes('gzip') && d.authorization === 'Bearer fake-access-1')).toBe(true);
  // One token for the whole run; no job was created (both families have one).
  expect(first.filter((r) => r.path === '/token')).toHaveLength(1);
  expect(first.filter((r) => r.method === 'POST' && r.path === '/reporting/v1/jobs')).toEqual([]);
  expect(first.filter((r) => r.path === '/reporting/v1/reportTypes')).toEqual([]);

  await runSync(bindings, { now: NOW + 3_600_000 });
  const second = (await google.requests()).slice(first.length);
  expect(second.filter((r) => r.path.startsWith('/reporting/v1/media/'))).toEqual([]);
  expect(second.filter((r) => r.path.endsWith('/reports')).map((r) => [r.path, r.query.createdAfter])).toEqual([
    ['/reporting/v1/jobs/job-basic/reports', '2021-07-30T10:00:00Z'],
    ['/reporting/v1/jobs/job-demographics/reports', '2021-08-15T10:00:00Z'],
    ['/reporting/v1/jobs/job-traffic/reports', undefined],
  ]);
});

it("pulls a content owner's reports on its behalf, creates missing jobs, and gives its channels to the network", async () => {
  const network = await createNetwork('cms-network', { contentOwnerId: 'cms-1' });
  const google = await fakeGoogle({
    scopes: {
      'cms-1': {
        jobs: [
          {
            id: 'job-revenue',
            reportTypeId: 'content_owner_estimated_revenue_a1',
            reports: [{ id: 'rev-0301', file: REVENUE, startTime: '2026-03-01T08:00:00Z', createTime: '2026-03-03T00:00:00Z' }],
          },
          { id: 'job-traffic', reportTypeId: 'content_owner_traffic_source_a3', reports: [] },
        ],
      },
    },
  });
  await runSync(syncBindings(google, ['oauth'], OAUTH_ONLY), { now: NOW });

  const requests = (await google.requests()).filter(
    (r) => r.path.startsWith('/reporting/v1/') && !r.path.startsWith('/reporting/v1/media/'),
  );
  expect(requests.every((r) => r.query.onBehalfOfContentOwner === 'cms-1')).toBe(true);
  expect(requests.find((r) => r.path === '/reporting/v1/jobs' && r.method === 'GET')?.query.includeSystemManaged).toBe('true');
  expect(await rows('SELECT report_id, status FROM sync_reports')).toEqual([{ report_id: 'rev-0301', status: 'loaded' }]);
  const posts = (list: typeof requests) => list.filter((r) => r.method === 'POST' && r.path === '/reporting/v1/jobs');
  expect(posts(requests)).toHaveLength(2);
  expect(await rows('SELECT count(*) AS n FROM sync_report_cursors')).toEqual([{ n: 1 }]);
  // The created jobs are listed from then on: not created twice.
  await runSync(syncBindings(google, ['oauth'], OAUTH_ONLY), { now: NOW + 3_600_000 });
  const all = await google.requests();
  expect(posts(all)).toHaveLength(2);
  expect(all.filter((r) => r.path === '/reporting/v1/reportTypes')).toHaveLength(1);

  const revenue = csvRecords(await fixtureText(REVENUE)).reduce((sum, r) => sum + decimalMicros(r.estimated_partner_revenue ?? '0'), 0);
  expect(
    await rowsIn(
      factsDb(network),
      'SELECT sum(d.partner_revenue_micros) AS micros FROM channel_daily d JOIN channels c ON c.id = d.channel_id WHERE c.network_id = ?',
      network,
    ),
  ).toEqual([{ micros: revenue }]);
  expect(await rows("SELECT network_id FROM channels WHERE youtube_id = 'UCK8sQmJBp8GCxrOtXWBpyEA'")).toEqual([{ network_id: network }]);
});

it('retries a report whose download fails, then gives up on it and lets the cursor pass', async () => {
  const google = await fakeGoogle({
    scopes: {
      '': {
        jobs: [
          {
            id: 'job-basic',
            reportTypeId: 'channel_basic_a2',
            reports: [
              {
                id: 'broken',
                file: BASIC,
                date: '20210727',
                startTime: '2021-07-27T07:00:00Z',
                createTime: '2021-07-29T10:00:00Z',
                failWith: 500,
              },
            ],
          },
        ],
      },
    },
  });
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const bindings = syncBindings(google, ['oauth'], OAUTH_ONLY);
  for (let run = 0; run < 4; run += 1) await runSync(bindings, { now: NOW + run * 3_600_000 });
  const downloads = (await google.requests()).filter((r) => r.path.startsWith('/reporting/v1/media/'));
  expect(downloads).toHaveLength(3);
  expect(await rows('SELECT status, attempts, reason FROM sync_reports')).toEqual([
    { status: 'rejected', attempts: 3, reason: 'gave up after 3 attempts: archive: reporting: HTTP 500: Backend Error' },
  ]);
  expect(await rows('SELECT created_after FROM sync_report_cursors')).toEqual([{ created_after: '2021-07-29T10:00:00Z' }]);
  expect(logTexts(warn).filter((line) => line.includes('report broken'))).toHaveLength(3);
});

it("sends a day's loaded basic report again, from the archive, with a demographics report that comes later, so it can be weighted", async () => {
  const basicJob = {
    id: 'job-basic',
    reportTypeId: 'channel_basic_a2',
    reports: [{ id: 'r-0727', file: BASIC, date: '20210727', startTime: '2021-07-27T07:00:00Z', createTime: '2021-07-29T10:00:00Z' }],
  };
  const google = await fakeGoogle({
    scopes: { '': { jobs: [basicJob, { id: 'job-demographics', reportTypeId: 'channel_demographics_a1', reports: [] }] } },
  });
  const bindings = syncBindings(google, ['oauth'], OAUTH_ONLY);
  await runSync(bindings, { now: NOW });
  const before = (await google.requests()).length;
  await google.setup({
    scopes: {
      '': {
        jobs: [
          basicJob,
          {
            id: 'job-demographics',
            reportTypeId: 'channel_demographics_a1',
            reports: [
              {
                id: 'd-0727',
                file: 'sync/channel_demographics_a1_20210727.csv',
                startTime: '2021-07-27T07:00:00Z',
                createTime: '2021-07-30T11:00:00Z',
              },
            ],
          },
        ],
      },
    },
  });
  await runSync(bindings, { now: NOW + 3_600_000 });

  const downloads = (await google.requests()).slice(before).filter((r) => r.path.startsWith('/reporting/v1/media/'));
  // The basic report loaded on the first run comes from the archive, not from YouTube again.
  expect(downloads.map((d) => d.path.split('/').pop())).toEqual(['d-0727']);
  expect(await rows("SELECT report_id, status FROM sync_reports WHERE report_id = 'd-0727'")).toEqual([
    { report_id: 'd-0727', status: 'loaded' },
  ]);

  // Expected: each demographics row's share of the views its key has in the basic file.
  const key = (r: Record<string, string>) => [r.video_id, r.live_or_on_demand, r.subscribed_status, r.country_code].join('|');
  const basicViews = sumBy(
    csvRecords(await fixtureText(BASIC))
      .filter((r) => r.date === '20210727')
      .map((r) => ({ ...r, key: key(r) })),
    'key',
    'views',
  );
  const demographics = csvRecords(await fixtureText('sync/channel_demographics_a1_20210727.csv'));
  const expected = demographics.map((r) => ((basicViews.get(key(r)) ?? 0) * Number(r.views_percentage)) / 100);
  const audience = await rows<{ views: number }>(
    "SELECT a.views FROM channel_audience_daily a JOIN channels c ON c.id = a.channel_id WHERE c.youtube_id = 'UC2vW_-qeIhF1ESszzuH2pyw' AND a.day = '2021-07-27' ORDER BY a.age_group, a.gender",
  );
  expect(audience.reduce((s, a) => s + a.views, 0)).toBeCloseTo(
    expected.reduce((s, v) => s + v, 0),
    9,
  );
  expect(expected.every((v) => v > 0)).toBe(true);
});
