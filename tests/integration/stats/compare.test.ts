// A comparison reaching before 2015-01-01 is clipped to what can hold data, or dropped; the figures always answer.
import { beforeAll, describe, expect, it } from 'vitest';
import { BREAKDOWN_METRICS } from '../../../src/server/stats/metrics';
import { call } from '../http';
import { insertPartnerRows } from '../partner-facts';
import type { Row } from '../rollup/factory';
import { buildWorld, metrics, sum, within, type World } from './world';

let w: World;
/** Facts on the first three allowed days, so a clipped comparison has something to sum. */
let early: Row[];
beforeAll(async () => {
  w = await buildWorld();
  early = ['2015-01-01', '2015-01-02', '2015-01-03', '2015-01-10'].map((day, i) => ({ channel_id: w.ch1.id, day, ...metrics(500 + i) }));
  await insertPartnerRows('channel_daily', early);
});

const STAT_PATHS = ['base', 'base/subscribers/total', 'engagement', 'location', 'demographics', ...BREAKDOWN_METRICS].map(
  (p) => `/api/stat/${p}`,
);

async function post(path: string, body: Record<string, unknown>): Promise<{ status: number; data: Record<string, unknown> }> {
  const res = await call(path, { session: w.a.session, body });
  const text = await res.text();
  expect(res.status, `${path} ${text}`).toBe(200);
  return { status: res.status, data: (JSON.parse(text) as { data: Record<string, unknown> }).data };
}

describe('comparison before 2015-01-01', () => {
  it('is clipped to 2015-01-01: the previous 28 days of 4..31 Jan 2015 sum 1..3 Jan', async () => {
    const { data } = await post('/api/stat/base', {
      date_from: '2015-01-04',
      date_to: '2015-01-31',
      compare_from: '2014-12-07',
      compare_to: '2015-01-03',
    });
    const a = [w.ch1.id];
    expect(data.sum_views).toBe(sum(early, 'views', within(a, '2015-01-04', '2015-01-31')));
    expect(data.compare).toMatchObject({ sum_views: sum(early, 'views', within(a, '2015-01-01', '2015-01-03')) });
  });

  it('wholly before it, is dropped: every stat call still answers the range', async () => {
    const body = { date_from: '2015-01-01', date_to: '2015-01-31', compare_from: '2014-12-01', compare_to: '2014-12-31' };
    for (const path of STAT_PATHS) await post(path, path.endsWith('/base') ? body : { ...body, chart_period: 'days' });
    const { data } = await post('/api/stat/base', body);
    expect(data.sum_views).toBe(sum(early, 'views', within([w.ch1.id], '2015-01-01', '2015-01-31')));
    expect(data.compare).toBeNull();
    const engagement = await post('/api/stat/engagement', body);
    expect(engagement.data.compare).toBeNull();
  });

  it('a year back from a range starting in 2015 answers the figures', async () => {
    const { data } = await post('/api/stat/engagement', {
      date_from: '2015-01-01',
      date_to: '2015-12-31',
      compare_from: '2014-01-01',
      compare_to: '2014-12-31',
    });
    expect(data.compare).toBeNull();
  });
});
