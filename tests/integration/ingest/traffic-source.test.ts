// Traffic source reports: sums per channel, day and source (and per title), loaded once, a re-issued day replaced.
import { env } from 'cloudflare:test';
import { expect, it } from 'vitest';
import traffic from '../../fixtures/youtube/reporting_csv/channel_traffic_source_a3.handwritten.csv?raw';
import { refreshPendingRollups } from '../../../src/server/ingest/rollup/index';
import { all, createNetwork, HOUR, load, NOW, snapshotDatabase } from './support';

const CHANNEL = 'UCtrafficFixtureChannel1';
// The two videos of the fixture as two titles: a long-form episode and a Short (45 s).
const METADATA = `video_id,channel_id,channel_display_name,video_title,video_length,custom_id
vidTraffic1,${CHANNEL},Traffic,Episode,1500,SHOWA
vidTraffic2,${CHANNEL},Traffic,Clip,45,SHOWB
`;
const FILE = 'channel_traffic_source_a3_20261001.csv';

type Row = { day: string; source_type: number; views: number; engaged_views: number; watch_time_minutes: number };
const row = (day: string, source_type: number, views: number, engaged_views: number, watch_time_minutes: number): Row => ({
  day,
  source_type,
  views,
  engaged_views,
  watch_time_minutes,
});

/** Summed by hand from the fixture's lines: countries and subscribed status add up, watch time is rounded once per key. */
const FIXTURE_DAYS: Row[] = [
  row('2026-10-01', 3, 150, 139, 381), // 300.5 + 80.25
  row('2026-10-01', 5, 55, 53, 81), // 20.4 + 60.1 = 80.5
  row('2026-10-01', 7, 55, 50, 100),
  row('2026-10-01', 9, 12, 12, 10),
  row('2026-10-01', 14, 8, 8, 4),
  row('2026-10-01', 24, 300, 210, 46),
  row('2026-10-02', 3, 100, 95, 250),
  row('2026-10-02', 8, 6, 6, 10),
  row('2026-10-02', 24, 250, 180, 40),
  row('2026-10-02', 33, 4, 4, 1),
];

const days = () =>
  all<Row>(
    `SELECT d.day, d.source_type, d.views, d.engaged_views, d.watch_time_minutes FROM channel_traffic_daily d
     JOIN channels c ON c.id = d.channel_id WHERE c.youtube_id = ? ORDER BY d.day, d.source_type`,
    CHANNEL,
  );

async function loadFixture() {
  const network = await createNetwork();
  await load([['content_owner_video_metadata_a4_20261001.csv', METADATA]], { networkId: network });
  return load([[FILE, traffic, NOW - 48 * HOUR]], { networkId: network });
}

it('sums a file per channel, day and source, and per title and video type', async () => {
  const { files } = await loadFixture();
  expect(files[0]).toMatchObject({ status: 'loaded', rows: 12, days: ['2026-10-01', '2026-10-02'] });
  expect(await days()).toEqual(FIXTURE_DAYS);
  const titles = await all<Record<string, unknown>>(
    `SELECT t.custom_id, d.video_type, d.day, d.source_type, d.views, d.watch_time_minutes FROM channel_title_traffic_daily d
     JOIN titles t ON t.id = d.title_id ORDER BY t.custom_id, d.day, d.source_type`,
  );
  expect(titles).toEqual([
    { custom_id: 'SHOWA', video_type: 'full', day: '2026-10-01', source_type: 3, views: 150, watch_time_minutes: 381 },
    { custom_id: 'SHOWA', video_type: 'full', day: '2026-10-01', source_type: 5, views: 55, watch_time_minutes: 81 },
    { custom_id: 'SHOWA', video_type: 'full', day: '2026-10-01', source_type: 7, views: 55, watch_time_minutes: 100 },
    { custom_id: 'SHOWA', video_type: 'full', day: '2026-10-02', source_type: 3, views: 100, watch_time_minutes: 250 },
    { custom_id: 'SHOWA', video_type: 'full', day: '2026-10-02', source_type: 8, views: 6, watch_time_minutes: 10 },
    { custom_id: 'SHOWB', video_type: 'short', day: '2026-10-01', source_type: 9, views: 12, watch_time_minutes: 10 },
    { custom_id: 'SHOWB', video_type: 'short', day: '2026-10-01', source_type: 14, views: 8, watch_time_minutes: 4 },
    { custom_id: 'SHOWB', video_type: 'short', day: '2026-10-01', source_type: 24, views: 300, watch_time_minutes: 46 },
    { custom_id: 'SHOWB', video_type: 'short', day: '2026-10-02', source_type: 24, views: 250, watch_time_minutes: 40 },
    { custom_id: 'SHOWB', video_type: 'short', day: '2026-10-02', source_type: 33, views: 4, watch_time_minutes: 1 },
  ]);
  // Per video: the fixture's two videos are the two titles.
  const videoOf: Record<string, string> = { SHOWA: 'vidTraffic1', SHOWB: 'vidTraffic2' };
  expect(
    await all('SELECT video_id, day, source_type, views, watch_time_minutes FROM video_traffic_daily ORDER BY video_id, day, source_type'),
  ).toEqual(titles.map(({ custom_id, video_type: _type, ...rest }) => ({ video_id: videoOf[String(custom_id)], ...rest })));
  // The month follows with the other partner rollups: October's sums per source.
  await refreshPendingRollups(env.DB);
  const months = await all('SELECT month, source_type, views, watch_time_minutes FROM channel_traffic_monthly ORDER BY source_type');
  const bySource = new Map<number, { views: number; watch: number }>();
  for (const r of FIXTURE_DAYS) {
    const sum = bySource.get(r.source_type) ?? { views: 0, watch: 0 };
    bySource.set(r.source_type, { views: sum.views + r.views, watch: sum.watch + r.watch_time_minutes });
  }
  expect(months).toEqual(
    [...bySource]
      .sort(([a], [b]) => a - b)
      .map(([source_type, s]) => ({ month: '2026-10', source_type, views: s.views, watch_time_minutes: s.watch })),
  );
  const titleMonths = await all<{ views: number }>('SELECT sum(views) AS views FROM channel_title_traffic_monthly');
  expect(titleMonths[0]?.views).toBe(940);
  const videoMonths = await all('SELECT video_id, sum(views) AS views FROM video_traffic_monthly GROUP BY video_id ORDER BY video_id');
  // vidTraffic1: 150 + 55 + 55 + 100 + 6; vidTraffic2: 12 + 8 + 300 + 250 + 4.
  expect(videoMonths).toEqual([
    { video_id: 'vidTraffic1', views: 366 },
    { video_id: 'vidTraffic2', views: 574 },
  ]);
});

it('changes nothing when the same file comes again', async () => {
  await loadFixture();
  await refreshPendingRollups(env.DB);
  const before = await snapshotDatabase();
  const { files } = await load([[`again/${FILE}`, traffic, NOW - 48 * HOUR]]);
  expect(files[0]).toMatchObject({ status: 'unchanged' });
  await refreshPendingRollups(env.DB);
  expect(await snapshotDatabase()).toEqual(before);
});

it('a re-issue replaces its days whole: sources it no longer names are gone, other days stay', async () => {
  await loadFixture();
  const header = traffic.split('\n')[0];
  const reissue = `${header}
20261001,${CHANNEL},vidTraffic1,on_demand,not_subscribed,US,3,,90,80,200.4,133,40.0,0,0
20261001,${CHANNEL},vidTraffic2,on_demand,not_subscribed,US,24,unknown,280,200,44.6,9,60.0,0,0
`;
  const { files } = await load([[`backfill/${FILE}`, reissue, NOW - 24 * HOUR]]);
  expect(files[0]).toMatchObject({ status: 'replaced' });
  expect(await days()).toEqual([
    row('2026-10-01', 3, 90, 80, 200),
    row('2026-10-01', 24, 280, 200, 45),
    ...FIXTURE_DAYS.filter((r) => r.day === '2026-10-02'),
  ]);
  const titleDay = await all<{ views: number }>("SELECT sum(views) AS views FROM channel_title_traffic_daily WHERE day = '2026-10-01'");
  expect(titleDay[0]?.views).toBe(370);
});

it("a re-issued day replaces its videos' rows whole, a video without a title among them; other days stay", async () => {
  await loadFixture();
  const header = traffic.split('\n')[0];
  // vidTraffic2 is gone from the day; vidUntitled1 has no metadata, so no title: it counts per video all the same.
  const reissue = `${header}
20261001,${CHANNEL},vidTraffic1,on_demand,not_subscribed,US,3,,90,80,200.4,133,40.0,0,0
20261001,${CHANNEL},vidTraffic1,on_demand,subscribed,DE,3,,10,9,20.3,133,40.0,0,0
20261001,${CHANNEL},vidUntitled1,on_demand,not_subscribed,US,5,cats,7,6,3.4,30,20.0,0,0
`;
  const { files } = await load([[`backfill/${FILE}`, reissue, NOW - 24 * HOUR]]);
  expect(files[0]).toMatchObject({ status: 'replaced' });
  await refreshPendingRollups(env.DB);
  const videoDays = await all(
    'SELECT video_id, day, source_type, views, engaged_views, watch_time_minutes FROM video_traffic_daily ORDER BY day, video_id, source_type',
  );
  const video = (video_id: string, day: string, source_type: number, views: number, engaged_views: number, watch_time_minutes: number) => ({
    video_id,
    day,
    source_type,
    views,
    engaged_views,
    watch_time_minutes,
  });
  expect(videoDays).toEqual([
    video('vidTraffic1', '2026-10-01', 3, 100, 89, 221), // 200.4 + 20.3, rounded once
    video('vidUntitled1', '2026-10-01', 5, 7, 6, 3),
    // The fixture's second day, as it was.
    video('vidTraffic1', '2026-10-02', 3, 100, 95, 250),
    video('vidTraffic1', '2026-10-02', 8, 6, 6, 10),
    video('vidTraffic2', '2026-10-02', 24, 250, 180, 40),
    video('vidTraffic2', '2026-10-02', 33, 4, 4, 1),
  ]);
  // The title grain has no row of the untitled video; the months hold the days.
  const titleDay = await all<{ views: number }>("SELECT sum(views) AS views FROM channel_title_traffic_daily WHERE day = '2026-10-01'");
  expect(titleDay[0]?.views).toBe(100);
  expect(await all('SELECT video_id, sum(views) AS views FROM video_traffic_monthly GROUP BY video_id ORDER BY video_id')).toEqual([
    { video_id: 'vidTraffic1', views: 206 },
    { video_id: 'vidTraffic2', views: 254 },
    { video_id: 'vidUntitled1', views: 7 },
  ]);
});
