// Analytics API for channels without a CMS: the recorded day table into channel_daily, audience weighted by views.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { runSync } from '../../../src/server/ingest/sync/run';
import { decimalMicros } from './csv';
import { factsDbOfChannel, insertPartnerRows, rowsIn } from '../partner-facts';
import { createChannel, createNetwork, fakeGoogle, fixtureText, quietInfo, syncBindings } from './helpers';

const CHANNEL = 'UC2vW_-qeIhF1ESszzuH2pyw';
const DAY_TABLE = 'youtube/analytics_api/reports.query_day_all-core-metrics_2022-01.analytix.json';
// Noon in Los Angeles on 1 February: the window is 1..31 January.
const NOW = Date.parse('2022-02-01T20:00:00Z');
const SETTINGS = { TRENDS_PAGES: '0', ANALYTICS_LOOKBACK_DAYS: '31' };

interface Table {
  columnHeaders: { name: string }[];
  rows: (string | number)[][];
}

beforeEach(quietInfo);
afterEach(() => {
  vi.restoreAllMocks();
});

async function partnerChannel(): Promise<number> {
  return createChannel(CHANNEL, { networkId: await createNetwork('creators') });
}

it("loads a month of daily figures and the month's audience weighted by its views", async () => {
  const id = await partnerChannel();
  // The channel's network has no CMS: the sync writes its figures where the network's facts live.
  const facts = await factsDbOfChannel(id);
  const google = await fakeGoogle({ analyticsChannels: [CHANNEL] });
  const result = await runSync(syncBindings(google, ['oauth'], SETTINGS), { now: NOW });
  expect(result).toMatchObject({ status: 'ran', results: { analytics: { channels: 1, days: 31, months: 1 } } });

  const table = JSON.parse(await fixtureText(DAY_TABLE)) as Table;
  const col = (name: string) => table.columnHeaders.findIndex((h) => h.name === name);
  const expected = table.rows.map((r) => ({
    day: r[col('day')],
    views: r[col('views')],
    watch_time_minutes: r[col('estimatedMinutesWatched')],
    likes: r[col('likes')],
    dislikes: r[col('dislikes')],
    comments: r[col('comments')],
    shares: r[col('shares')],
    subscribers_gained: r[col('subscribersGained')],
    subscribers_lost: r[col('subscribersLost')],
    partner_revenue_micros: decimalMicros(String(r[col('estimatedRevenue')])),
  }));
  expect(
    await rowsIn(
      facts,
      'SELECT day, views, watch_time_minutes, likes, dislikes, comments, shares, subscribers_gained, subscribers_lost, partner_revenue_micros FROM channel_daily WHERE channel_id = ? ORDER BY day',
      id,
    ),
  ).toEqual(expected);

  const monthViews = expected.reduce((sum, d) => sum + Number(d.views), 0);
  const cells = (JSON.parse(await fixtureText('sync/analytics-demographics.json')) as Table).rows;
  const group = (age: string) => age.replace(/^age/, '').replace(/-$/, '+');
  expect(
    await rowsIn(
      facts,
      'SELECT age_group, gender, views FROM channel_audience_monthly WHERE channel_id = ? AND month = ? ORDER BY gender, age_group',
      id,
      '2022-01',
    ),
  ).toEqual(
    cells
      .map(([age, gender, share]) => ({ age_group: group(String(age)), gender, views: Math.round((Number(share) * monthViews) / 100) }))
      .sort((a, b) => `${a.gender}|${a.age_group}`.localeCompare(`${b.gender}|${b.age_group}`)),
  );
  expect(await rowsIn(facts, 'SELECT views FROM channel_monthly WHERE channel_id = ? AND month = ?', id, '2022-01')).toEqual([
    { views: monthViews },
  ]);

  const queries = (await google.requests()).filter((r) => r.path === '/analytics/v2/reports');
  expect(queries.map((q) => [q.query.ids, q.query.startDate, q.query.endDate, q.query.dimensions])).toEqual([
    [`channel==${CHANNEL}`, '2022-01-01', '2022-01-31', 'day'],
    [`channel==${CHANNEL}`, '2022-01-01', '2022-01-31', 'ageGroup,gender'],
  ]);
  // Once a Pacific day.
  await runSync(syncBindings(google, ['oauth'], SETTINGS), { now: NOW + 3_600_000 });
  expect((await google.requests()).filter((r) => r.path === '/analytics/v2/reports')).toHaveLength(2);
});

it('asks again without revenue when the account lacks the monetary scope, keeping revenue loaded before', async () => {
  const id = await partnerChannel();
  await insertPartnerRows('channel_daily', [{ channel_id: id, day: '2022-01-02', partner_revenue_micros: 777 }]);
  const facts = await factsDbOfChannel(id);
  const google = await fakeGoogle({ analyticsChannels: [CHANNEL], analyticsRevenueForbidden: true });
  await runSync(syncBindings(google, ['oauth'], SETTINGS), { now: NOW });
  const metrics = (await google.requests())
    .filter((r) => r.query.dimensions === 'day')
    .map((r) => r.query.metrics?.includes('estimatedRevenue'));
  expect(metrics).toEqual([true, false]);
  expect(
    await rowsIn(facts, 'SELECT day, partner_revenue_micros FROM channel_daily WHERE channel_id = ? AND partner_revenue_micros <> 0', id),
  ).toEqual([{ day: '2022-01-02', partner_revenue_micros: 777 }]);
  expect(await rowsIn(facts, 'SELECT count(*) AS n FROM channel_daily WHERE channel_id = ? AND views > 0', id)).toEqual([{ n: 31 }]);
});
