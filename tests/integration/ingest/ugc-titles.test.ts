// Claimed copies on the UGC channel count for the title of the partner video they copy (from the claims report).
import { expect, it } from 'vitest';
import { basicCsv } from './basic-builder';
import { all, createNetwork, load } from './support';

const PARTNER = 'UCpartnerpartnerpartner1';
const UPLOADER = 'UCuploaderuploaderuploa1';
const METADATA = `video_id,channel_id,channel_display_name,video_title,video_length,custom_id
ownvideo001,${PARTNER},Partner,Episode 1,600,SHOW
ownshort001,${PARTNER},Partner,Episode 1 teaser,30,SHOW
`;
const CLAIMS = `claim_id,claim_status,video_id,channel_id,channel_display_name,video_title,views,reference_video_id,claim_created_date
cl-1,ACTIVE,copyvideo01,${UPLOADER},Reuploads,Episode 1 (copy),900,ownvideo001,2026-02-20
cl-2,ACTIVE,copyshort01,${UPLOADER},Reuploads,Episode 1 teaser (copy),50,ownshort001,2026-02-21
`;

it("attributes a claimed copy's views to the copied video's title, as long-form; unclaimed uploads to no title", async () => {
  const network = await createNetwork();
  await load(
    [
      ['content_owner_video_metadata_a4_x.csv', METADATA],
      ['content_owner_active_claims_a3_x.csv', CLAIMS],
    ],
    { networkId: network },
  );
  const basic = basicCsv(
    [
      { day: '20260301', channel: PARTNER, video: 'ownvideo001', views: 500 },
      { day: '20260301', channel: PARTNER, video: 'ownshort001', views: 80 },
      { day: '20260301', channel: UPLOADER, video: 'copyvideo01', country: 'DE', views: 70, uploader: 'thirdParty' },
      { day: '20260301', channel: UPLOADER, video: 'copyshort01', views: 20, uploader: 'thirdParty' },
      { day: '20260301', channel: UPLOADER, video: 'unclaimed01', views: 30, uploader: 'thirdParty' },
    ],
    true,
  );
  const { files } = await load([['content_owner_basic_a4_x.csv', basic]], { networkId: network });
  expect(files[0]?.status).toBe('loaded');
  expect(
    await all(`SELECT c.is_ugc, t.custom_id, d.video_type, d.views FROM channel_title_daily d
    JOIN channels c ON c.id = d.channel_id JOIN titles t ON t.id = d.title_id ORDER BY c.is_ugc, d.video_type`),
  ).toEqual([
    { is_ugc: 0, custom_id: 'SHOW', video_type: 'full', views: 500 },
    { is_ugc: 0, custom_id: 'SHOW', video_type: 'short', views: 80 },
    { is_ugc: 1, custom_id: 'SHOW', video_type: 'full', views: 70 + 20 },
  ]);
  expect(await all('SELECT d.views FROM channel_daily d JOIN channels c ON c.id = d.channel_id WHERE c.is_ugc = 1')).toEqual([
    { views: 70 + 20 + 30 },
  ]);
});
