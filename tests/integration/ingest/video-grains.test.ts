// The video grains (migration 0047): every video's basic, revenue and reach sums per day and by country, claimed
// copies under the UGC channel, a re-issued day replacing its videos whole, a large file staged a slice of rows at
// a time writing what the in-memory plan writes, and months that are the sums of their days. Expected figures
// are summed here from the report lines.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { refreshPendingRollups } from '../../../src/server/ingest/rollup/index';
import { basicCsv, type BasicLine } from './basic-builder';
import { all, createNetwork, HOUR, load, NOW } from './support';

const PARTNER = 'UCvideovideovideovideov1';
const UPLOADER = 'UCuploaderuploaderuploa9';
const DAY1: BasicLine[] = [
  // Watch times of 0.4 in three rows of one video: 1.2 rounds to 1 once summed (0 if each row were rounded).
  { day: '20260301', channel: PARTNER, video: 'ownvideo001', country: 'US', views: 100, engaged: 70, watch: 0.4, likes: 3, gained: 2 },
  { day: '20260301', channel: PARTNER, video: 'ownvideo001', country: 'DE', views: 40, engaged: 30, watch: 0.4, lost: 1 },
  { day: '20260301', channel: PARTNER, video: 'ownvideo001', country: 'US', views: 10, watch: 0.4, subscribed: 'subscribed' },
  { day: '20260301', channel: PARTNER, video: 'ownshort001', country: 'QQ', views: 25, watch: 2.5, comments: 4 },
  // Not in any catalogue: kept by its report's id all the same.
  { day: '20260301', channel: PARTNER, video: 'unknown0001', country: 'FR', views: 7, watch: 1 },
  // The channel page: no video, so channel_daily only.
  { day: '20260301', channel: PARTNER, views: 3, gained: 5 },
  // A claimed copy on a third party's channel: the network's UGC channel's video.
  { day: '20260301', channel: UPLOADER, video: 'copyvideo01', country: 'BR', views: 60, watch: 6, uploader: 'thirdParty' },
];
const DAY2: BasicLine[] = [{ day: '20260302', channel: PARTNER, video: 'ownvideo001', views: 11, engaged: 8, watch: 3 }];

const REVENUE = `date,channel_id,video_id,claimed_status,uploader_type,country_code,estimated_partner_revenue
20260301,${PARTNER},ownvideo001,claimed,self,US,0.25
20260301,${PARTNER},ownvideo001,claimed,self,DE,1.5
20260301,${PARTNER},ownshort001,claimed,self,US,0.000001
20260301,${UPLOADER},copyvideo01,claimed,thirdParty,BR,0.75
`;
const REVENUE_MICROS: Record<string, number> = { ownvideo001: 1_750_000, ownshort001: 1, copyvideo01: 750_000 };
const REACH = `date,channel_id,video_id,video_thumbnail_impressions,video_thumbnail_impressions_ctr
20260301,${PARTNER},ownvideo001,1000,0.0415
20260301,${PARTNER},ownshort001,200,0.1
`;
/** Impressions and clicks (impressions × CTR, whole) per video. */
const REACH_SUMS: Record<string, [number, number]> = { ownvideo001: [1000, 42], ownshort001: [200, 20] };

const ISSUED = NOW - 48 * HOUR;
const REISSUED = NOW - 24 * HOUR;

interface VideoRow {
  key: string;
  views: number;
  engaged_views: number;
  watch_time_minutes: number;
  likes: number;
  comments: number;
  subscribers_gained: number;
  subscribers_lost: number;
  partner_revenue_micros: number;
  impressions: number;
  impression_clicks: number;
}

const channelOf = (line: BasicLine) => (line.uploader === 'thirdParty' ? 'UGC' : line.channel);
const isoDay = (day: string) => `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}`;
const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** The lines' sums per (channel, day, video), with the revenue and reach of the videos of `day` given. */
function expectedVideos(lines: readonly BasicLine[], withMoney = false): VideoRow[] {
  const rows = new Map<string, VideoRow>();
  for (const line of lines) {
    if (!line.video) continue;
    const key = `${channelOf(line)}|${isoDay(line.day)}|${line.video}`;
    const money = withMoney && line.day === '20260301';
    const row = rows.get(key) ?? {
      key,
      views: 0,
      engaged_views: 0,
      watch_time_minutes: 0,
      likes: 0,
      comments: 0,
      subscribers_gained: 0,
      subscribers_lost: 0,
      partner_revenue_micros: money ? (REVENUE_MICROS[line.video] ?? 0) : 0,
      impressions: money ? (REACH_SUMS[line.video]?.[0] ?? 0) : 0,
      impression_clicks: money ? (REACH_SUMS[line.video]?.[1] ?? 0) : 0,
    };
    row.views += line.views;
    row.engaged_views += line.engaged ?? line.views;
    row.watch_time_minutes += line.watch ?? 0;
    row.likes += line.likes ?? 0;
    row.comments += line.comments ?? 0;
    row.subscribers_gained += line.gained ?? 0;
    row.subscribers_lost += line.lost ?? 0;
    rows.set(key, row);
  }
  return [...rows.values()].map((r) => ({ ...r, watch_time_minutes: Math.round(r.watch_time_minutes) })).sort(byKey);
}

/** The lines' views per (channel, day, video, country); QQ is not in the countries table, so ZZ. */
function expectedCountries(lines: readonly BasicLine[]): Array<{ key: string; views: number }> {
  const views = new Map<string, number>();
  for (const line of lines) {
    if (!line.video) continue;
    const country = line.country === 'QQ' ? 'ZZ' : (line.country ?? 'US');
    const key = `${channelOf(line)}|${isoDay(line.day)}|${line.video}|${country}`;
    views.set(key, (views.get(key) ?? 0) + line.views);
  }
  return [...views].map(([key, v]) => ({ key, views: v })).sort(byKey);
}

const CHANNEL = "coalesce(c.youtube_id, 'UGC')";

/** A network's video rows (its channels' and its UGC channel's). */
async function storedVideos(network: number, table: 'daily' | 'monthly' = 'daily'): Promise<VideoRow[]> {
  const when = table === 'daily' ? 'd.day' : 'd.month';
  return all<VideoRow>(
    `SELECT ${CHANNEL} || '|' || ${when} || '|' || d.video_id AS key, d.views, d.engaged_views, d.watch_time_minutes, d.likes,
       d.comments, d.subscribers_gained, d.subscribers_lost, d.partner_revenue_micros, d.impressions, d.impression_clicks
     FROM video_${table} AS d JOIN channels AS c ON c.id = d.channel_id WHERE c.network_id = ? ORDER BY key`,
    network,
  );
}

async function storedCountries(network: number, table: 'daily' | 'monthly' = 'daily'): Promise<Array<{ key: string; views: number }>> {
  const when = table === 'daily' ? 'd.day' : 'd.month';
  return all(
    `SELECT ${CHANNEL} || '|' || ${when} || '|' || d.video_id || '|' || d.country_code AS key, d.views
     FROM video_country_${table} AS d JOIN channels AS c ON c.id = d.channel_id WHERE c.network_id = ? ORDER BY key`,
    network,
  );
}

/** Daily rows keyed by month instead of day, their numbers summed: what the monthly rows must be. */
function asMonths<T extends { key: string }>(rows: readonly T[]): T[] {
  const months = new Map<string, T>();
  for (const row of rows) {
    const [channel, day = '', ...rest] = row.key.split('|');
    const key = [channel, day.slice(0, 7), ...rest].join('|');
    const sum: Record<string, unknown> = months.get(key) ?? { key };
    for (const [name, value] of Object.entries(row)) if (typeof value === 'number') sum[name] = Number(sum[name] ?? 0) + value;
    months.set(key, sum as T);
  }
  return [...months.values()].sort(byKey);
}

describe('the video grains', () => {
  it("keep every video's basic, revenue and reach sums, by country too, claimed copies under the UGC channel", async () => {
    const network = await createNetwork();
    const { files } = await load(
      [
        ['content_owner_basic_a4_20260301.csv', basicCsv([...DAY1, ...DAY2], true), ISSUED],
        ['content_owner_estimated_revenue_a1_20260301.csv', REVENUE, ISSUED],
        ['content_owner_reach_basic_a1_20260301.csv', REACH, ISSUED],
      ],
      { networkId: network },
    );
    expect(files.map((f) => f.status)).toEqual(['loaded', 'loaded', 'loaded']);
    const expected = expectedVideos([...DAY1, ...DAY2], true);
    expect(expected.find((r) => r.key.endsWith('|ownvideo001'))?.watch_time_minutes).toBe(1);
    expect(await storedVideos(network)).toEqual(expected);
    expect(await storedCountries(network)).toEqual(expectedCountries([...DAY1, ...DAY2]));
    // The partner's day is its videos and its channel page's 3 views.
    const day = await all<{ views: number; videos: number }>(
      `SELECT d.views, (SELECT sum(v.views) FROM video_daily v WHERE v.channel_id = d.channel_id AND v.day = d.day) AS videos
       FROM channel_daily d JOIN channels c ON c.id = d.channel_id WHERE c.youtube_id = ? AND d.day = '2026-03-01'`,
      PARTNER,
    );
    expect(day).toEqual([{ views: 100 + 40 + 10 + 25 + 7 + 3, videos: 100 + 40 + 10 + 25 + 7 }]);

    await refreshPendingRollups(env.DB);
    expect(await storedVideos(network, 'monthly')).toEqual(asMonths(expected));
    expect(await storedCountries(network, 'monthly')).toEqual(asMonths(expectedCountries([...DAY1, ...DAY2])));
  });

  it("a re-issued day replaces its videos' rows whole, and a day the new file does not cover keeps them", async () => {
    const network = await createNetwork();
    await load([['content_owner_basic_a4_a.csv', basicCsv([...DAY1, ...DAY2], true), ISSUED]], { networkId: network });
    // ownshort001 and unknown0001 are gone from the partner's re-issued day; ownvideo001 changes country. The
    // file has no row of the UGC channel that day, so that (channel, day) and its copy's row stay.
    const reissue: BasicLine[] = [
      { day: '20260301', channel: PARTNER, video: 'ownvideo001', country: 'IN', views: 70, watch: 5 },
      { day: '20260301', channel: PARTNER, video: 'newvideo001', country: 'US', views: 9, watch: 1 },
    ];
    const { files } = await load([['content_owner_basic_a4_b.csv', basicCsv(reissue, true), REISSUED]], { networkId: network });
    expect(files.map((f) => f.status)).toEqual(['replaced']);
    const kept = [...reissue, ...DAY2, ...DAY1.filter((l) => l.uploader === 'thirdParty')];
    expect(await storedVideos(network)).toEqual(expectedVideos(kept));
    expect(await storedCountries(network)).toEqual(expectedCountries(kept));
  });

  it('a file staged a slice of rows at a time writes the rows the in-memory plan writes', async () => {
    // Two rows a slice: ownvideo001's three rows of 0.4 minutes land in two slices and are rounded once.
    // Each path loads the same rows into a network of its own, its partner channel named apart.
    const stored: Array<[VideoRow[], Array<{ key: string; views: number }>]> = [];
    for (const [sliceRows, partner] of [
      [2, 'UCvideovideovideovideov2'],
      [undefined, 'UCvideovideovideovideov3'],
    ] as const) {
      const network = await createNetwork();
      const lines = [...DAY1, ...DAY2].map((l) => (l.channel === PARTNER ? { ...l, channel: partner } : l));
      const { files } = await load([[`content_owner_basic_a4_${partner}.csv`, basicCsv(lines, true), ISSUED]], {
        networkId: network,
        sliceRows,
      });
      expect(files.map((f) => f.status)).toEqual(['loaded']);
      const rename = <T extends { key: string }>(rows: T[]) => rows.map((r) => ({ ...r, key: r.key.replace(partner, PARTNER) }));
      const videos = rename(await storedVideos(network));
      const countries = rename(await storedCountries(network));
      expect(videos).toEqual(expectedVideos([...DAY1, ...DAY2]));
      expect(countries).toEqual(expectedCountries([...DAY1, ...DAY2]));
      stored.push([videos, countries]);
    }
    expect(stored[0]).toEqual(stored[1]);
    expect(await all('SELECT count(*) AS n FROM import_staged')).toEqual([{ n: 0 }]);
  });
});
