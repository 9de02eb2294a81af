// Test and benchmark support: a deterministic channel_basic_a3 file of any size, with its sums.

/** The live channel_basic_a3 header (2026), in YouTube's own column order. */
export const CHANNEL_BASIC_A3_HEADER =
  'date,channel_id,video_id,live_or_on_demand,subscribed_status,country_code,views,engaged_views,comments,likes,dislikes,shares,watch_time_minutes,average_view_duration_seconds,average_view_duration_percentage,annotation_impressions,annotation_clickable_impressions,annotation_clicks,annotation_click_through_rate,annotation_closable_impressions,annotation_closes,annotation_close_rate,card_teaser_impressions,card_teaser_clicks,card_teaser_click_rate,card_impressions,card_clicks,card_click_rate,subscribers_gained,subscribers_lost,videos_added_to_playlists,videos_removed_from_playlists,red_views,red_watch_time_minutes';

const COUNTRIES = ['US', 'IN', 'GB', 'DE', 'BR', 'ZZ', 'VN', 'JP'];
const VIDEO_ID_LENGTH = 11;
const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export interface SyntheticTotals {
  views: number;
  likes: number;
  subscribersGained: number;
  rows: number;
}

/** Small deterministic generator (mulberry32), so a failing run can be reproduced. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `rows` data rows over 3 days, 17-digit floats, negative likes, empty video ids.
 * Returns the CSV and the sums it was built from.
 */
export function syntheticChannelBasicA3(rows: number, seed = 1): { csv: string; totals: SyntheticTotals } {
  const next = random(seed);
  const int = (max: number) => Math.floor(next() * max);
  const videoIds = Array.from({ length: 500 }, () =>
    Array.from({ length: VIDEO_ID_LENGTH }, () => ID_ALPHABET[int(ID_ALPHABET.length)]).join(''),
  );
  const totals: SyntheticTotals = { views: 0, likes: 0, subscribersGained: 0, rows };
  const lines: string[] = [CHANNEL_BASIC_A3_HEADER];
  for (let i = 0; i < rows; i++) {
    const views = int(5000);
    const likes = int(60) - 5;
    const gained = int(4);
    totals.views += views;
    totals.likes += likes;
    totals.subscribersGained += gained;
    const video = i % 97 === 0 ? '' : videoIds[int(videoIds.length)];
    const watch = (views * next() * 3).toPrecision(17);
    lines.push(
      [
        `2026030${1 + (i % 3)}`,
        'UC2vW_-qeIhF1ESszzuH2pyw',
        video,
        i % 11 === 0 ? 'live' : 'on_demand',
        i % 2 ? 'subscribed' : 'not_subscribed',
        COUNTRIES[i % COUNTRIES.length],
        views,
        int(views + 1),
        int(9),
        likes,
        int(3),
        int(7),
        watch,
        '85.756416666666667',
        '42.5',
        0,
        0,
        0,
        '0.0',
        0,
        0,
        '0.0',
        0,
        0,
        '0.0',
        0,
        0,
        '0.0',
        gained,
        int(2),
        int(3),
        int(2),
        int(50),
        '1.25',
      ].join(','),
    );
  }
  return { csv: `${lines.join('\n')}\n`, totals };
}
