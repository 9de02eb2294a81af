// The monthly statement by revenue kind: the Shorts part of a channel's revenue (videos typed 'short') and
// claims revenue of third-party uploads attributed to the partner channel they copy; sums computed here from
// the CSV rows, and a corrected statement replacing them.
import { env } from 'cloudflare:test';
import { expect, it } from 'vitest';
import statement from '../../fixtures/ingest/content_owner_ad_revenue_raw_a1_202602.csv?raw';
import { all, channelIdOf, createNetwork, HOUR, load, microsOf, NOW, readCsvRecords } from './support';

const OWN = 'UCK8sQmJBp8GCxrOtXWBpyEA';
const HEADER = statement.split('\n')[0]!;
const METADATA = `video_id,channel_id,channel_display_name,video_title,video_length,custom_id\nshortvideo1,${OWN},Google,A short,40,\nlongvideo01,${OWN},Google,A long one,900,\n`;

/** A statement row: the fixture's columns, with the fields this test varies. */
function row(adjustment: string, day: string, video: string, channel: string, revenue: string): string {
  const cells = [adjustment, day, 'US', video, 'Title', '60', 'Film', channel, 'someone', 'Someone', 'UGC', 'Monetize', '10'];
  return [...cells, '0', '0', '0', '0', '0', revenue, '0', '0', '0', revenue].join(',');
}

function file(rows: string[]) {
  return `${HEADER}\n${rows.join('\n')}\n`;
}

it('splits Shorts from ads and attributes claimed copies to the channel they copy; a corrected statement replaces both', async () => {
  const network = await createNetwork();
  await load([['content_owner_video_metadata_a4_x.csv', METADATA]], { networkId: network });
  const own = await channelIdOf(OWN);
  await env.DB.prepare("UPDATE videos SET type = 'short' WHERE video_id = 'shortvideo1'").run();
  await env.DB.prepare(
    `INSERT INTO illegal_copies (claim_id, video_id, video_title, uploader_youtube_id, uploader_title, channel_id, country_code, claim_status, detected_on)
     VALUES ('c1', 'copyvideo01', 'Copy', 'UCthirdpartythirdparty01', 'Third', ?, 'US', 'claimed', '2026-02-01'),
            ('c2', 'blockedvid1', 'Blocked', 'UCthirdpartythirdparty02', 'Third', ?, 'US', 'blocked', '2026-02-01')`,
  )
    .bind(own, own)
    .run();
  const rows = [
    row('None', '20260203', 'shortvideo1', OWN, '1.250001'),
    row('None', '20260204', 'longvideo01', OWN, '3.5'),
    row('None', '20260205', 'copyvideo01', 'UCthirdpartythirdparty01', '0.777777'),
    row('None', '20260206', 'unclaimed01', 'UCthirdpartythirdparty03', '0.1'),
    row('Backpay', '20260110', 'shortvideo1', OWN, '-0.2'),
  ];
  await load([['content_owner_ad_revenue_raw_a1_202602.csv', file(rows), NOW - 2 * HOUR]], { networkId: network });
  const records = readCsvRecords(file(rows));
  const sum = (pick: (r: Record<string, string>) => boolean) =>
    records.filter(pick).reduce((s, r) => s + microsOf(r.partner_revenue ?? ''), 0);
  const stored = () =>
    all<{ channel_id: number; revenue_micros: number; shorts_micros: number; adjustment_micros: number }>(
      'SELECT channel_id, revenue_micros, shorts_micros, adjustment_micros FROM channel_finance_monthly ORDER BY channel_id',
    );
  const ugc = (await all<{ id: number }>('SELECT id FROM channels WHERE is_ugc = 1 AND network_id = ?', network))[0]!.id;
  expect(await stored()).toEqual(
    [
      {
        channel_id: own,
        revenue_micros: sum((r) => r.adjustment_type === 'None' && r.channel_id === OWN),
        shorts_micros: sum((r) => r.adjustment_type === 'None' && r.video_id === 'shortvideo1'),
        adjustment_micros: sum((r) => r.adjustment_type !== 'None'),
      },
      { channel_id: ugc, revenue_micros: sum((r) => r.channel_id !== OWN), shorts_micros: 0, adjustment_micros: 0 },
    ].sort((a, b) => a.channel_id - b.channel_id),
  );
  const claims = () => all('SELECT channel_id, month, revenue_micros FROM channel_claim_revenue_monthly');
  expect(await claims()).toEqual([{ channel_id: own, month: '2026-02', revenue_micros: sum((r) => r.video_id === 'copyvideo01') }]);
  // The corrected statement no longer has the copy's row: its claims go with it.
  await load([['content_owner_ad_revenue_raw_a1_202602.csv', file(rows.filter((r) => !r.includes('copyvideo01'))), NOW - HOUR]], {
    networkId: network,
  });
  expect(await claims()).toEqual([]);
});
