// Trends calls: the hourly chart (order, paging, hour fallback, validation), a video's table, a channel's days.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../http';
import type {
  ChannelTrendReport as ChannelBody,
  TrendItems as Main,
  TrendVideoReport as VideoBody,
} from '../../../src/lib/api/public-trends';

const HOUR = 3600;
const UTC3 = 3 * HOUR;
const CREATED_AT = 1_700_000_000;
// Two days before the current hour: inside the channel page's "Last 30 days" whatever day the test runs.
const H0 = Math.floor(Date.now() / 1000 / HOUR) * HOUR - 48 * HOUR;

interface Pos {
  country: string;
  hour: number;
  position: number;
  video: string;
  views: number;
  likes: number | null;
  prev: number | null;
  best: number;
}
const rows: Pos[] = [];
const channels = {
  a: { id: 0, key: `UC${'a'.repeat(22)}`, title: 'Alpha Channel' },
  b: { id: 0, key: `UC${'b'.repeat(22)}`, title: 'Beta Channel' },
};
const videos = { a1: 'alphaVideo1', a2: 'alphaVideo2', b1: 'betaVideo01' };

function chart(country: string, hour: number, order: string[]): void {
  order.forEach((video, index) => {
    const earlier = rows.filter((r) => r.country === country && r.video === video);
    const prev = earlier.find((r) => r.hour === hour - HOUR)?.position ?? null;
    const best = Math.min(index + 1, ...earlier.map((r) => r.position));
    const views = 1000 + ((hour - H0) / HOUR) * 250 + index * 7 + video.length;
    rows.push({ country, hour, position: index + 1, video, views, likes: country === 'GB' ? null : Math.floor(views / 10), prev, best });
  });
}

async function body<T>(path: string, query: Record<string, string> = {}): Promise<T> {
  const res = await call(`/api/analytics?${new URLSearchParams({ path: `/youtube/api${path}`, ...query })}`);
  expect(res.status, await res.clone().text()).toBe(200);
  const payload = (await res.json()) as { data: { body: T } };
  expect(Object.keys(payload)).toEqual(['data']);
  expect(Object.keys(payload.data)).toEqual(['body']);
  return payload.data.body;
}

async function status(path: string, query: Record<string, string>): Promise<number> {
  return (await call(`/api/analytics?${new URLSearchParams({ path: `/youtube/api${path}`, ...query })}`)).status;
}

beforeAll(async () => {
  for (const ch of Object.values(channels)) {
    const row = await env.DB.prepare('INSERT INTO channels (youtube_id, title, thumbnail_url, created_at) VALUES (?, ?, ?, ?) RETURNING id')
      .bind(ch.key, ch.title, `https://img.example/${ch.key}.png`, CREATED_AT)
      .first<{ id: number }>();
    ch.id = row?.id ?? 0;
  }
  const owner = { a1: channels.a, a2: channels.a, b1: channels.b };
  for (const [name, id] of Object.entries(videos)) {
    await env.DB.prepare(
      `INSERT INTO trend_videos (video_id, channel_id, video_title, description, thumbnail_url, published_at, view_count, like_count, dislike_count, comment_count)
      VALUES (?, ?, ?, ?, ?, ?, 5000, 400, NULL, 30)`,
    )
      .bind(id, owner[name as keyof typeof owner].id, `Video ${name}`, 'x'.repeat(900), `https://i.example/${id}.jpg`, H0 - 5 * HOUR)
      .run();
  }
  chart('US', H0, [videos.a1, videos.b1, videos.a2]);
  chart('US', H0 + HOUR, [videos.b1, videos.a1]);
  chart('US', H0 + 3 * HOUR, [videos.a2, videos.a1, videos.b1]);
  chart('GB', H0, [videos.a1]);
  chart('GB', H0 + HOUR, [videos.b1, videos.a2, videos.a1]);
  await env.DB.batch(
    rows.map((r) =>
      env.DB.prepare(
        `INSERT INTO trend_positions (country_code, hour, position, video_id, views, likes, dislikes, comments, previous_position, best_position)
    VALUES (?, ?, ?, ?, ?, ?, NULL, 3, ?, ?)`,
      ).bind(r.country, r.hour, r.position, r.video, r.views, r.likes, r.prev, r.best),
    ),
  );
});

describe('/trends/main', () => {
  it('lists the chart of the hour in position order with the documented fields', async () => {
    const main = await body<Main>('/trends/main', { country: 'US', hour: String(H0 + HOUR) });
    expect(main.hour).toBe(H0 + HOUR);
    expect(main.count).toBe(2);
    expect(main.data.map((i) => i.video_id)).toEqual([videos.b1, videos.a1]);
    const a1 = main.data[1];
    expect(a1).toMatchObject({
      channel_id: channels.a.key,
      channel_title: 'Alpha Channel',
      position: 2,
      last_position: 1,
      best_position: 1,
      country_code2: 'US',
      add_time: H0 - 5 * HOUR,
      views: rows.find((r) => r.country === 'US' && r.hour === H0 + HOUR && r.video === videos.a1)?.views,
    });
    expect(a1?.description).toHaveLength(800);
  });

  it('pages with limit and offset and counts the whole chart', async () => {
    const main = await body<Main>('/trends/main', { country_trends: 'US', hour: String(H0), limit: '2', offset: '1' });
    expect(main.data.map((i) => [i.video_id, i.position])).toEqual([
      [videos.b1, 2],
      [videos.a2, 3],
    ]);
    expect(main.count).toBe(3);
  });

  it('falls back to the nearest earlier hour with a chart, and to nothing before the first', async () => {
    const gap = await body<Main>('/trends/main', { country: 'US', hour: String(H0 + 2 * HOUR + 1800) });
    expect(gap.hour).toBe(H0 + HOUR);
    expect(gap.data.map((i) => i.video_id)).toEqual([videos.b1, videos.a1]);
    const iso = new Date((H0 + 2 * HOUR) * 1000).toISOString();
    expect((await body<Main>('/trends/main', { country: 'GB', hour: iso })).hour).toBe(H0 + HOUR);
    const before = await body<Main>('/trends/main', { country: 'US', hour: String(H0 - HOUR) });
    expect(before).toEqual({ data: [], count: 0, hour: null });
  });

  it('clamps a future hour to the latest one', async () => {
    const main = await body<Main>('/trends/main', { country: 'US', hour: String(H0 + 400 * HOUR) });
    expect(main.hour).toBe(H0 + 3 * HOUR);
  });

  it('refuses bad countries and paging values with a 400', async () => {
    expect(await status('/trends/main', { country: 'USA' })).toBe(400);
    expect(await status('/trends/main', { country_trends: 'QQ' })).toBe(400);
    expect(await status('/trends/main', { limit: '0' })).toBe(400);
    expect(await status('/trends/main', { offset: '-1' })).toBe(400);
    expect(await status('/trends/main', { hour: 'tomorrow' })).toBe(400);
  });
});

describe('/trends/video', () => {
  it('gives the countries, rank series and the table with changes against the row before', async () => {
    const v = await body<VideoBody>('/trends/video', { video_id: videos.a1, country_trends: 'US,GB' });
    const mine = rows.filter((r) => r.video === videos.a1);
    expect(v.countries.map((c) => [c.country_code2, c.best_position, c.hours])).toEqual([
      ['GB', 1, mine.filter((r) => r.country === 'GB').length],
      ['US', 1, mine.filter((r) => r.country === 'US').length],
    ]);
    expect(v.data.find((s) => s.country_code2 === 'US')?.points).toEqual(
      mine.filter((r) => r.country === 'US').map((r) => ({ hh: r.hour, position: r.position })),
    );
    const hours = [...new Set(mine.map((r) => r.hour))].sort((a, b) => b - a);
    expect(v.table.map((t) => t.hh)).toEqual(hours);
    const viewsAt = (h: number) => Math.max(...mine.filter((r) => r.hour === h).map((r) => r.views));
    expect(v.table.map((t) => t.views)).toEqual(hours.map(viewsAt));
    expect(v.table[0]?.d_views).toBe(viewsAt(hours[0]!) - viewsAt(hours[1]!));
    expect(v.table.at(-1)?.d_views).toBeNull();
    expect(v.table[1]?.countries_pos).toEqual({ US: 2, GB: 3 });
    expect(v.table[1]?.d_pos).toEqual({ US: -1, GB: -2 });
    expect(v.table[0]?.countries_pos).toEqual({ US: 2, GB: null });
    expect(v.video_details.video.snippet.title).toBe('Video a1');
    expect(v.video_details.video.statistics).toMatchObject({ viewCount: '5000', dislikeCount: null });
    expect(v.video_details.channel.id).toBe(channels.a.key);
  });

  it('defaults to the countries the video charted in and keeps only those', async () => {
    const v = await body<VideoBody>('/trends/video', { video_id: videos.b1 });
    // Best position first, then the country it charted in first: US (1 at H0) before GB (1 at H0 + 1 h).
    const mine = rows.filter((r) => r.video === videos.b1);
    const rank = (code: string) => {
      const of = mine.filter((r) => r.country === code);
      return [Math.min(...of.map((r) => r.position)), Math.min(...of.map((r) => r.hour))] as const;
    };
    const order = ['GB', 'US'].sort((x, y) => rank(x)[0] - rank(y)[0] || rank(x)[1] - rank(y)[1]);
    expect(order).toEqual(['US', 'GB']);
    expect(v.data.map((s) => s.country_code2)).toEqual(order);
    const only = await body<VideoBody>('/trends/video', { video_id: videos.b1, country_trends: 'DE,US' });
    expect(only.data.map((s) => s.country_code2)).toEqual(['US']);
  });

  it('refuses more than 3 countries and answers 404 for an unknown video', async () => {
    expect(await status('/trends/video', { video_id: videos.a1, country_trends: 'US,GB,DE,FR' })).toBe(400);
    expect(await status('/trends/video', { video_id: 'short' })).toBe(400);
    expect(await status('/trends/video', { video_id: 'unknownVid1' })).toBe(404);
  });
});

describe('/trends/channel', () => {
  const day = (hour: number) => new Date((hour + UTC3) * 1000).toISOString().slice(0, 10);
  /** The channel's best row per (day, country), computed from the inserted rows. */
  function expectedDays(channelVideos: string[], countries: string[]) {
    const best = new Map<string, Pos>();
    for (const r of rows.filter((x) => channelVideos.includes(x.video) && countries.includes(x.country))) {
      const key = `${day(r.hour)}|${r.country}`;
      const held = best.get(key);
      if (!held || r.position < held.position) best.set(key, r);
    }
    return [...best.entries()]
      .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
      .map(([key, r]) => ({ date: key.split('|')[0] ?? '', country_code2: r.country, position: r.position, video_id: r.video }));
  }

  it('gives the best position per day and country with its video, the countries and the months', async () => {
    const c = await body<ChannelBody>('/trends/channel', { channel_id: channels.a.key, period: 'now' });
    // Best position first, then more hours on the chart: both reached 1, US has 5 rows, GB 3.
    const mine = rows.filter((r) => r.video !== videos.b1);
    expect(mine.filter((r) => r.country === 'US')).toHaveLength(5);
    expect(c.countries.map((x) => x.country_code2)).toEqual(['US', 'GB']);
    const expected = expectedDays([videos.a1, videos.a2], ['GB', 'US']).sort((x, y) =>
      x.date === y.date ? x.country_code2.localeCompare(y.country_code2) : x.date < y.date ? 1 : -1,
    );
    expect(c.data.map(({ date, country_code2, position, video_id }) => ({ date, country_code2, position, video_id }))).toEqual(expected);
    const months = [...new Set(rows.filter((r) => r.video !== videos.b1).map((r) => `${day(r.hour).slice(0, 7)}-01`))].sort().reverse();
    expect(c.periods.map((p) => p.period)).toEqual(months);
  });

  it('keeps the chosen countries and is empty in a month without charts', async () => {
    const c = await body<ChannelBody>('/trends/channel', { channel_id: channels.b.key, country_trends: 'US' });
    expect(c.data.map((d) => d.country_code2)).toEqual(expectedDays([videos.b1], ['US']).map((d) => d.country_code2));
    expect(c.data.every((d) => d.video_id === videos.b1)).toBe(true);
    const empty = await body<ChannelBody>('/trends/channel', { channel_id: channels.b.key, period: '2015-01' });
    expect(empty.data).toEqual([]);
    expect(empty.countries).toEqual([]);
  });

  it('refuses a bad channel id or period, and answers 404 for an unknown channel', async () => {
    expect(await status('/trends/channel', { channel_id: 'nope' })).toBe(400);
    expect(await status('/trends/channel', { channel_id: channels.a.key, period: '2026-13' })).toBe(400);
    expect(await status('/trends/channel', { channel_id: `UC${'z'.repeat(22)}` })).toBe(404);
  });
});
