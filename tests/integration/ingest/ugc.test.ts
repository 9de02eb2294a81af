// Claimed third-party uploads (uploader_type thirdParty) count for the network's UGC channel, never the uploader's.
import { expect, it } from 'vitest';
import { basicCsv, type BasicLine } from './basic-builder';
import { all, createNetwork, load, one } from './support';

const PARTNER = 'UCpartnerpartnerpartner1';
const UPLOADER = 'UCuploaderuploaderuploa1';
const LINES: BasicLine[] = [
  { day: '20260301', channel: PARTNER, video: 'ownvideo001', country: 'US', views: 500, likes: 20, gained: 3 },
  { day: '20260301', channel: PARTNER, video: 'ownvideo001', country: 'DE', views: 100, likes: 2 },
  { day: '20260301', channel: UPLOADER, video: 'copyvideo01', country: 'US', views: 70, likes: 5, uploader: 'thirdParty' },
  { day: '20260301', channel: UPLOADER, video: 'copyvideo01', country: 'BR', views: 30, uploader: 'thirdParty' },
];

/** Expected channel_daily views, likes and subscribers gained from the lines that match. */
function sums(match: (line: BasicLine) => boolean) {
  const lines = LINES.filter(match);
  return {
    views: lines.reduce((s, l) => s + l.views, 0),
    likes: lines.reduce((s, l) => s + (l.likes ?? 0), 0),
    subscribers_gained: lines.reduce((s, l) => s + (l.gained ?? 0), 0),
  };
}

it("puts thirdParty rows on the network's UGC channel, created on first use and reused after", async () => {
  const network = await createNetwork();
  const { files } = await load([['content_owner_basic_a4_20260301.csv', basicCsv(LINES, true)]], { networkId: network });
  expect(files[0]).toMatchObject({ status: 'loaded', reportType: 'content_owner_basic_a4', channels: 2 });
  const channels = await all<{ youtube_id: string | null; title: string; is_ugc: number; network_id: number }>(
    'SELECT youtube_id, title, is_ugc, network_id FROM channels ORDER BY id',
  );
  expect(channels).toEqual([
    { youtube_id: PARTNER, title: PARTNER, is_ugc: 0, network_id: network },
    { youtube_id: null, title: 'UGC', is_ugc: 1, network_id: network },
  ]);
  const ugc = await one<{ id: number }>('SELECT id FROM channels WHERE is_ugc = 1');
  const daily = (id: number) => one('SELECT views, likes, subscribers_gained FROM channel_daily WHERE channel_id = ?', id);
  expect(await daily(ugc.id)).toEqual(sums((l) => l.uploader === 'thirdParty'));
  const partner = await one<{ id: number }>('SELECT id FROM channels WHERE youtube_id = ?', PARTNER);
  expect(await daily(partner.id)).toEqual(sums((l) => l.uploader !== 'thirdParty'));
  expect(await all('SELECT country_code, views FROM channel_country_daily WHERE channel_id = ? ORDER BY country_code', ugc.id)).toEqual([
    { country_code: 'BR', views: 30 },
    { country_code: 'US', views: 70 },
  ]);

  await load(
    [
      [
        'content_owner_basic_a4_20260302.csv',
        basicCsv(
          LINES.map((l) => ({ ...l, day: '20260302' })),
          true,
        ),
      ],
    ],
    { networkId: network },
  );
  expect(await all('SELECT id FROM channels WHERE is_ugc = 1')).toEqual([{ id: ugc.id }]);
  expect(await all('SELECT day, views FROM channel_daily WHERE channel_id = ? ORDER BY day', ugc.id)).toEqual([
    { day: '2026-03-01', views: 100 },
    { day: '2026-03-02', views: 100 },
  ]);
});

it('gives each network its own UGC channel', async () => {
  const [a, b] = [await createNetwork(), await createNetwork()];
  await load([['content_owner_basic_a4_a.csv', basicCsv(LINES, true)]], { networkId: a });
  const other = LINES.map((l) => ({ ...l, channel: l.uploader === 'thirdParty' ? l.channel : 'UCotherpartnerpartner001' }));
  await load([['content_owner_basic_a4_b.csv', basicCsv(other, true)]], { networkId: b });
  const ugc = await all<{ network_id: number; views: number }>(
    'SELECT c.network_id, d.views FROM channels c JOIN channel_daily d ON d.channel_id = c.id WHERE c.is_ugc = 1 ORDER BY c.network_id',
  );
  expect(ugc).toEqual([
    { network_id: a, views: 100 },
    { network_id: b, views: 100 },
  ]);
});
