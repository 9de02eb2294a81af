// Video metadata (videos, titles, channel names), claims (illegal copies) and reach (impressions, CTR).
import { expect, it } from 'vitest';
import claims from '../../fixtures/ingest/content_owner_active_claims_a3_20260301.csv?raw';
import reach from '../../fixtures/ingest/channel_reach_basic_a1_20260301.csv?raw';
import metadata from '../../fixtures/ingest/content_owner_video_metadata_a4_20260301.csv?raw';
import { basicCsv } from './basic-builder';
import { all, channelIdOf, createNetwork, HOUR, load, NOW, one, readCsvRecords } from './support';

const CBS = 'UCNZyLULUQBp5e9Q1cKtvk6Q';

it('loads video metadata: videos with publish times and lengths, channels named', async () => {
  const network = await createNetwork();
  await load([['channel_basic_a3_x.csv', basicCsv([{ day: '20260301', channel: CBS, views: 5 }])]]);
  expect(await one('SELECT title, title_provisional, network_id FROM channels WHERE youtube_id = ?', CBS)).toEqual({
    title: CBS,
    title_provisional: 1,
    network_id: null,
  });
  const { files } = await load([['content_owner_video_metadata_a4_20260301.csv', metadata]], { networkId: network });
  const records = readCsvRecords(metadata);
  expect(files[0]).toMatchObject({ status: 'loaded', rows: records.length, days: [], channels: 3 });
  const videos = await all<Record<string, unknown>>(
    'SELECT v.video_id, c.youtube_id, v.video_title, v.published_at, v.type, v.duration_seconds, v.title_id FROM videos v JOIN channels c ON c.id = v.channel_id ORDER BY v.video_id',
  );
  // Times without a zone are UTC: '2025/01/01 05:33:22' and '2019-03-21T20:37:49Z' both occur.
  const published = (r: Record<string, string>) => {
    const time = r.time_published?.replaceAll('/', '-').replace(' ', 'T');
    return time ? Date.parse(time.endsWith('Z') ? time : `${time}Z`) / 1000 : null;
  };
  expect(videos).toEqual(
    records
      .map((r) => ({
        video_id: r.video_id,
        youtube_id: r.channel_id,
        video_title: r.video_title,
        published_at: published(r),
        type: 'full',
        duration_seconds: r.video_length ? Number(r.video_length) : null,
        title_id: null,
      }))
      .sort((a, b) => ((a.video_id ?? '') < (b.video_id ?? '') ? -1 : 1)),
  );
  // The basic report's provisional channel is named now and has joined the network; a channel without a name keeps its id.
  const channels = await all('SELECT youtube_id, title, title_provisional, network_id FROM channels ORDER BY youtube_id');
  expect(channels).toEqual(
    records
      .map((r) => ({
        youtube_id: r.channel_id,
        title: r.channel_display_name || r.channel_id,
        title_provisional: r.channel_display_name ? 0 : 1,
        network_id: network,
      }))
      .sort((a, b) => ((a.youtube_id ?? '') < (b.youtube_id ?? '') ? -1 : 1)),
  );
});

it('makes titles from custom ids and feeds the title grain; a short video is typed short', async () => {
  const network = await createNetwork();
  const text = `video_id,channel_id,channel_display_name,video_title,video_length,custom_id
episode0001,${CBS},CBS New York,Ep 1,1500,NIGHTSHOW
episode0002,${CBS},CBS New York,Ep 2,45,NIGHTSHOW
loosevideo1,${CBS},CBS New York,Other,300,
`;
  await load([['content_owner_video_metadata_a4_b.csv', text]], { networkId: network });
  const basic = basicCsv([
    { day: '20260301', channel: CBS, video: 'episode0001', views: 100 },
    { day: '20260301', channel: CBS, video: 'episode0002', views: 40 },
    { day: '20260301', channel: CBS, video: 'episode0002', country: 'DE', views: 2 },
    { day: '20260301', channel: CBS, video: 'loosevideo1', views: 7 },
  ]);
  await load([['channel_basic_a3_c.csv', basic]]);
  expect(
    await all(
      'SELECT t.title, t.custom_id, d.video_type, d.views FROM channel_title_daily d JOIN titles t ON t.id = d.title_id ORDER BY d.video_type',
    ),
  ).toEqual([
    { title: 'NIGHTSHOW', custom_id: 'NIGHTSHOW', video_type: 'full', views: 100 },
    { title: 'NIGHTSHOW', custom_id: 'NIGHTSHOW', video_type: 'short', views: 42 },
  ]);
  expect(await one('SELECT views FROM channel_daily')).toEqual({ views: 149 });
});

it('turns active claims on third-party uploads into illegal copies, claimed or blocked', async () => {
  const network = await createNetwork();
  // Claims first in the list: metadata still loads first, so the reference video's channel is known.
  const { files } = await load(
    [
      ['content_owner_active_claims_a3_20260301.csv', claims],
      ['content_owner_video_metadata_a4_20260301.csv', metadata],
    ],
    { networkId: network },
  );
  expect(files.map((f) => f.status)).toEqual(['loaded', 'loaded']);
  const active = readCsvRecords(claims).filter((r) => r.claim_status === 'ACTIVE');
  const copies = await all<Record<string, unknown>>(
    'SELECT i.claim_id, i.video_id, i.video_title, i.uploader_youtube_id, i.uploader_title, c.youtube_id AS partner, i.views, i.claim_status, i.detected_on, i.earnings_micros FROM illegal_copies i JOIN channels c ON c.id = i.channel_id ORDER BY i.claim_id',
  );
  expect(copies).toEqual(
    active.map((r) => ({
      claim_id: r.claim_id,
      video_id: r.video_id,
      video_title: r.video_title,
      uploader_youtube_id: r.channel_id,
      uploader_title: r.channel_display_name,
      partner: CBS,
      views: Number(r.views),
      claim_status: r.claim_policy_block === 'WORLD' ? 'blocked' : 'claimed',
      detected_on: r.claim_created_date,
      earnings_micros: 0,
    })),
  );
  expect(copies.map((c) => c.claim_status)).toEqual(['blocked', 'claimed']);
});

it("skips claims on the network's own uploads and removes copies whose claims were released", async () => {
  const network = await createNetwork();
  await load([['content_owner_video_metadata_a4_20260301.csv', metadata]], { networkId: network });
  // cl-100's uploader is one of the network's own channels: not an illegal copy.
  const own = claims.replace('UCaaaaaaaaaaaaaaaaaaaaaa', 'UC_x5XG1OV2P6uZZ5FSM9Ttw');
  await load([['content_owner_active_claims_a3_20260301.csv', own, NOW - 24 * HOUR]], { networkId: network });
  expect(await all('SELECT claim_id FROM illegal_copies')).toEqual([{ claim_id: 'cl-101' }]);
  const released = own.replace('cl-101,ACTIVE', 'cl-101,INACTIVE');
  const { files } = await load([['content_owner_active_claims_a3_20260302.csv', released, NOW]], { networkId: network });
  expect(files[0]?.status).toBe('replaced');
  expect(await all('SELECT claim_id FROM illegal_copies')).toEqual([]);
});

it('stores impressions and clicks, so CTR over days is clicks over impressions, never an average of CTRs', async () => {
  const records = readCsvRecords(reach);
  const day2 = reach.replaceAll('20260301', '20260302').replace(',1520,0.041447368421052631', ',400,0.5');
  await load([
    ['channel_reach_basic_a1_20260301.csv', reach],
    ['channel_reach_basic_a1_20260302.csv', day2],
  ]);
  const both = [...records, ...readCsvRecords(day2)];
  const impressions = both.reduce((s, r) => s + Number(r.video_thumbnail_impressions), 0);
  const clicks = both.reduce(
    (s, r) => s + Math.round(Number(r.video_thumbnail_impressions) * Number(r.video_thumbnail_impressions_ctr)),
    0,
  );
  const stored = await one<{ impressions: number; clicks: number }>(
    'SELECT sum(impressions) AS impressions, sum(impression_clicks) AS clicks FROM channel_daily WHERE channel_id = ?',
    await channelIdOf('UC2vW_-qeIhF1ESszzuH2pyw'),
  );
  expect(stored).toEqual({ impressions, clicks });
  const averaged = both.reduce((s, r) => s + Number(r.video_thumbnail_impressions_ctr), 0) / both.length;
  expect(stored.clicks / stored.impressions).not.toBeCloseTo(averaged, 3);
  // A file that prints percentages (4.14 rather than 0.0414) gives the same clicks.
  const percent = reach.replace('0.041447368421052631', '4.1447368421052631').replace('0.0125801882862617', '1.25801882862617');
  await load([['channel_reach_basic_a1_20260301_pct.csv', percent]]);
  expect(await one('SELECT impressions, impression_clicks FROM channel_daily WHERE day = ?', '2026-03-01')).toEqual({
    impressions: 13610,
    impression_clicks: 63 + 151,
  });
});
