// Video types as the importer sets them (docs/stats.md, "How a video is classed"): length by publish day, live from the report.
import { expect, it } from 'vitest';
import { basicCsv } from './basic-builder';
import { all, createNetwork, load } from './support';

const PARTNER = 'UCpartnerpartnerpartner1';
// 150 s is a Short from 2024-10-15 on, a long-form video before; the 10-minute one is streamed (below).
const METADATA = `video_id,channel_id,channel_display_name,video_title,video_length,custom_id,time_published
newshort001,${PARTNER},Partner,New short,150,SHOW,2025/01/01 05:33:22
oldclip0001,${PARTNER},Partner,Old clip,150,SHOW,2023/06/01 10:00:00
stream00001,${PARTNER},Partner,Stream,600,SHOW,2026/02/28 18:00:00
`;

it('classes videos by length and publish day, and as live when the report says so, in videos and the title grain', async () => {
  const network = await createNetwork();
  await load([['content_owner_video_metadata_a4_x.csv', METADATA]], { networkId: network });
  const basic = basicCsv(
    [
      { day: '20260301', channel: PARTNER, video: 'newshort001', views: 10 },
      { day: '20260301', channel: PARTNER, video: 'oldclip0001', views: 20 },
      { day: '20260301', channel: PARTNER, video: 'stream00001', views: 30, live: 'live' },
      { day: '20260301', channel: PARTNER, video: 'stream00001', views: 4, live: 'on_demand' },
    ],
    true,
  );
  const { files } = await load([['content_owner_basic_a4_20260301.csv', basic]], { networkId: network });
  expect(files.map((f) => f.status)).toEqual(['loaded']);
  expect(await all('SELECT video_id, type FROM videos ORDER BY video_id')).toEqual([
    { video_id: 'newshort001', type: 'short' },
    { video_id: 'oldclip0001', type: 'full' },
    { video_id: 'stream00001', type: 'live' },
  ]);
  expect(await all('SELECT video_type, views FROM channel_title_daily ORDER BY video_type')).toEqual([
    { video_type: 'full', views: 20 },
    { video_type: 'live', views: 34 },
    { video_type: 'short', views: 10 },
  ]);

  // The next day's replay is reported on demand only: the video stays live.
  const replay = basicCsv([{ day: '20260302', channel: PARTNER, video: 'stream00001', views: 7, live: 'on_demand' }], true);
  await load([['content_owner_basic_a4_20260302.csv', replay]], { networkId: network });
  expect(await all("SELECT video_type, views FROM channel_title_daily WHERE day = '2026-03-02'")).toEqual([
    { video_type: 'live', views: 7 },
  ]);
});
