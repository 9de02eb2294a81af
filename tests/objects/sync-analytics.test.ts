// The Analytics API sync on a split install: a partner channel of a network without a CMS gets its days
// and audience in its network's store (with a copy of its catalogue row), none in the shared D1, and its
// monthly rollup refreshed there.
import { env } from 'cloudflare:test';
import { expect, it } from 'vitest';
import { runSync } from '../../src/server/ingest/sync/run';
import { partnerDb } from '../../src/server/partner-store';
import { createChannel, createNetwork, fakeGoogle, fixtureText, quietInfo, syncBindings } from '../integration/sync/helpers';

const CHANNEL = 'UC2vW_-qeIhF1ESszzuH2pyw';
const DAY_TABLE = 'youtube/analytics_api/reports.query_day_all-core-metrics_2022-01.analytix.json';
const NOW = Date.parse('2022-02-01T20:00:00Z');

it('writes a channel of a network without a CMS to its network store', async () => {
  quietInfo();
  const network = await createNetwork('split-creators');
  const id = await createChannel(CHANNEL, { networkId: network });
  const google = await fakeGoogle({ analyticsChannels: [CHANNEL] });
  const bindings = syncBindings(google, ['oauth'], { TRENDS_PAGES: '0', ANALYTICS_LOOKBACK_DAYS: '31', PARTNER_STORE: 'objects' });
  const result = await runSync(bindings, { now: NOW });
  expect(result).toMatchObject({ status: 'ran', results: { analytics: { channels: 1, days: 31, months: 1 } } });

  const table = JSON.parse(await fixtureText(DAY_TABLE)) as { columnHeaders: { name: string }[]; rows: (string | number)[][] };
  const views = table.columnHeaders.findIndex((h) => h.name === 'views');
  const monthViews = table.rows.reduce((sum, r) => sum + Number(r[views]), 0);
  const store = partnerDb({ ...env, PARTNER_STORE: 'objects' }, network);
  expect(
    await store
      .prepare('SELECT id, youtube_id, network_id FROM channels')
      .all()
      .then((r) => r.results),
  ).toEqual([{ id, youtube_id: CHANNEL, network_id: network }]);
  expect(
    await store.prepare('SELECT count(*) AS days, sum(views) AS views FROM channel_daily WHERE channel_id = ?').bind(id).first(),
  ).toEqual({
    days: 31,
    views: monthViews,
  });
  expect(await store.prepare("SELECT views FROM channel_monthly WHERE channel_id = ? AND month = '2022-01'").bind(id).first()).toEqual({
    views: monthViews,
  });
  expect(await store.prepare('SELECT count(*) AS n FROM channel_audience_monthly WHERE channel_id = ?').bind(id).first()).not.toEqual({
    n: 0,
  });
  expect(await env.DB.prepare('SELECT count(*) AS n FROM channel_daily WHERE channel_id = ?').bind(id).first()).toEqual({ n: 0 });
});
