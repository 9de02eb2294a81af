// Views by title and country, and audience by title, from the basic and demographics reports (migration 0016).
import { env } from 'cloudflare:test';
import { expect, it } from 'vitest';
import { refreshRollups } from '../../../src/server/ingest/rollup/index';
import { basicCsv, ownerDemographicsCsv } from './basic-builder';
import { all, createNetwork, HOUR, load, NOW } from './support';

const PARTNER = 'UCpartnerpartnerpartner1';
const METADATA = `video_id,channel_id,channel_display_name,video_title,video_length,custom_id
ownvideo001,${PARTNER},Partner,Episode 1,600,SHOW
ownvideo002,${PARTNER},Partner,Episode 2,600,SHOW
ownshort001,${PARTNER},Partner,Teaser,30,OTHER
`;
const demographicsCsv = (rows: Array<[string, string, string, string, number]>) => ownerDemographicsCsv('20260301', PARTNER, rows);

const basic = basicCsv(
  [
    { day: '20260301', channel: PARTNER, video: 'ownvideo001', country: 'US', views: 500 },
    { day: '20260301', channel: PARTNER, video: 'ownvideo002', country: 'US', views: 200 },
    { day: '20260301', channel: PARTNER, video: 'ownvideo001', country: 'DE', views: 100 },
    { day: '20260301', channel: PARTNER, video: 'ownshort001', country: 'DE', views: 40 },
    { day: '20260301', channel: PARTNER, video: 'nottitled01', country: 'FR', views: 9 },
  ],
  true,
);

// SHOW: video 1 US (500 views) 60 % male 25-34, 40 % female 18-24; video 1 DE (100) 100 % female 25-34.
// OTHER: the short in DE (40 views) 50 % male 13-17, 50 % male 65+. nottitled01 in FR (9 views): 100 % female 18-24.
const shares = demographicsCsv([
  ['ownvideo001', 'US', 'AGE_25_34', 'MALE', 60],
  ['ownvideo001', 'US', 'AGE_18_24', 'FEMALE', 40],
  ['ownvideo001', 'DE', 'AGE_25_34', 'FEMALE', 100],
  ['ownshort001', 'DE', 'AGE_13_17', 'MALE', 50],
  ['ownshort001', 'DE', 'AGE_65_', 'MALE', 50],
  // No title: in the channel and video grains only.
  ['nottitled01', 'FR', 'AGE_18_24', 'FEMALE', 100],
]);

it('folds videos into titles per country and per audience cell, daily and monthly', async () => {
  const network = await createNetwork();
  await load([['content_owner_video_metadata_a4_x.csv', METADATA]], { networkId: network });
  const { files, changedDays } = await load(
    [
      ['content_owner_basic_a4_20260301.csv', basic],
      ['content_owner_demographics_a1_20260301.csv', shares],
    ],
    { networkId: network },
  );
  expect(files.map((f) => f.status)).toEqual(['loaded', 'loaded']);
  await refreshRollups(env.DB, { channelDays: changedDays });

  const byCountry = `SELECT t.custom_id, d.video_type, d.country_code, d.views FROM %s d JOIN titles t ON t.id = d.title_id
    ORDER BY t.custom_id, d.country_code`;
  const expectedCountries = [
    { custom_id: 'OTHER', video_type: 'short', country_code: 'DE', views: 40 },
    { custom_id: 'SHOW', video_type: 'full', country_code: 'DE', views: 100 },
    { custom_id: 'SHOW', video_type: 'full', country_code: 'US', views: 700 },
  ];
  expect(await all(byCountry.replace('%s', 'channel_title_country_daily'))).toEqual(expectedCountries);
  expect(await all(byCountry.replace('%s', 'channel_title_country_monthly'))).toEqual(expectedCountries);

  expect(
    await all(`SELECT t.custom_id, d.age_group, d.gender, d.views FROM channel_title_audience_monthly d
    JOIN titles t ON t.id = d.title_id ORDER BY t.custom_id, d.age_group, d.gender`),
  ).toEqual([
    { custom_id: 'OTHER', age_group: '13-17', gender: 'male', views: 20 },
    { custom_id: 'OTHER', age_group: '65+', gender: 'male', views: 20 },
    { custom_id: 'SHOW', age_group: '18-24', gender: 'female', views: 200 },
    { custom_id: 'SHOW', age_group: '25-34', gender: 'female', views: 100 },
    { custom_id: 'SHOW', age_group: '25-34', gender: 'male', views: 300 },
  ]);
  // Per video (migration 0047), the untitled video too; one day, so the month is the day rounded.
  const perVideo = [
    { video_id: 'nottitled01', age_group: '18-24', gender: 'female', views: 9 },
    { video_id: 'ownshort001', age_group: '13-17', gender: 'male', views: 20 },
    { video_id: 'ownshort001', age_group: '65+', gender: 'male', views: 20 },
    { video_id: 'ownvideo001', age_group: '18-24', gender: 'female', views: 200 },
    { video_id: 'ownvideo001', age_group: '25-34', gender: 'female', views: 100 },
    { video_id: 'ownvideo001', age_group: '25-34', gender: 'male', views: 300 },
  ];
  for (const table of ['video_audience_daily', 'video_audience_monthly']) {
    expect(await all(`SELECT video_id, age_group, gender, views FROM ${table} ORDER BY video_id, age_group, gender`)).toEqual(perVideo);
  }
});

it("a re-issued day replaces the title grains' figures instead of adding to them", async () => {
  const network = await createNetwork();
  await load([['content_owner_video_metadata_a4_x.csv', METADATA]], { networkId: network });
  await load(
    [
      ['content_owner_basic_a4_20260301.csv', basic, NOW - 2 * HOUR],
      ['content_owner_demographics_a1_20260301.csv', shares, NOW - 2 * HOUR],
    ],
    { networkId: network },
  );
  const reissue = basicCsv([{ day: '20260301', channel: PARTNER, video: 'ownvideo001', country: 'US', views: 50 }], true);
  const reshares = demographicsCsv([['ownvideo001', 'US', 'AGE_45_54', 'FEMALE', 100]]);
  const { files } = await load(
    [
      ['content_owner_basic_a4_20260301_v2.csv', reissue, NOW - HOUR],
      ['content_owner_demographics_a1_20260301_v2.csv', reshares, NOW - HOUR],
    ],
    { networkId: network },
  );
  expect(files.map((f) => f.status)).toEqual(['replaced', 'replaced']);
  expect(await all('SELECT country_code, views FROM channel_title_country_daily')).toEqual([{ country_code: 'US', views: 50 }]);
  expect(await all('SELECT age_group, gender, views FROM channel_title_audience_monthly')).toEqual([
    { age_group: '45-54', gender: 'female', views: 50 },
  ]);
  // The videos the re-issue no longer names are gone from the day and its month.
  for (const table of ['video_audience_daily', 'video_audience_monthly']) {
    expect(await all(`SELECT video_id, age_group, gender, views FROM ${table}`)).toEqual([
      { video_id: 'ownvideo001', age_group: '45-54', gender: 'female', views: 50 },
    ]);
  }
});
