// Channel search: filters alone and combined, FTS keywords and their triggers, batches, bounds, the overlay calls.
import { env, fetchMock } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call } from '../http';
import type { OverlayChannel as Overlay, SearchRow } from '../../../src/lib/search/types';

const CREATED_AT = 1_700_000_000;
const DAY = '2026-03-10';
let sequence = 0;

interface Spec {
  title: string;
  category?: number | null;
  lang?: string | null;
  country?: string | null;
  subs: number;
  monthly: number;
  views?: number;
  videos?: number;
  thumb?: string;
}
interface Made extends Required<Omit<Spec, 'thumb'>> {
  id: number;
  key: string;
  thumb: string;
  watch: number;
}

/** A tracked channel with its 'now' figures; watch time is a fixed multiple so the hours are known. */
async function channel(spec: Spec): Promise<Made> {
  sequence += 1;
  const key = `UC${String(sequence).padStart(22, 's')}`;
  const thumb = spec.thumb ?? `https://img.example/${sequence}.png`;
  const row = await env.DB.prepare(
    `INSERT INTO channels (youtube_id, title, thumbnail_url, category_id, language_code, country_code, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(key, spec.title, thumb, spec.category ?? null, spec.lang ?? null, spec.country ?? null, CREATED_AT)
    .first<{ id: number }>();
  const id = row?.id ?? 0;
  const made: Made = {
    category: null,
    lang: null,
    country: null,
    views: spec.monthly * 10,
    videos: 10,
    ...spec,
    id,
    key,
    thumb,
    watch: spec.monthly * 3,
  };
  await env.DB.prepare(
    `INSERT INTO channel_now (channel_id, day, subscriber_count, view_count, video_count, monthly_views, monthly_subs, watch_time_minutes, earnings_micros)
    VALUES (?, ?, ?, ?, ?, ?, 0, ?, 0)`,
  )
    .bind(id, DAY, made.subs, made.views, made.videos, made.monthly, made.watch)
    .run();
  return made;
}

async function body<T>(path: string, query: Record<string, string> = {}): Promise<T> {
  const res = await call(`/api/analytics?${new URLSearchParams({ path: `/youtube/api${path}`, ...query })}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { data: { body: T } }).data.body;
}

async function post(form: [string, string][]): Promise<Response> {
  return call('/api/analytics?path=/youtube/api/stat/search', {
    body: new URLSearchParams(form).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
}

async function search(form: [string, string][]): Promise<{ data: SearchRow[]; count: number }> {
  const res = await post(form);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { data: { body: { data: SearchRow[]; count: number } } }).data.body;
}

let all: Made[];
/** Expected ids: the channels a predicate keeps, by monthly views descending (ties: newest id first). */
const expected = (keep: (c: Made) => boolean) =>
  all
    .filter(keep)
    .sort((a, b) => b.monthly - a.monthly || b.id - a.id)
    .map((c) => c.key);
const ids = (r: { data: SearchRow[] }) => r.data.map((row) => row.channel_id);

beforeEach(async () => {
  all = [
    await channel({
      title: 'Lofi Hip Hop Radio',
      category: 10,
      lang: 'en',
      country: 'US',
      subs: 5_000_000,
      monthly: 90_000_000,
      views: 1_000_000_000,
      videos: 100,
    }),
    await channel({
      title: 'Gaming Legends',
      category: 20,
      lang: 'en',
      country: 'GB',
      subs: 800_000,
      monthly: 12_000_000,
      views: 50_000_000,
      videos: 500,
    }),
    await channel({
      title: 'Música Latina',
      category: 10,
      lang: 'es',
      country: 'MX',
      subs: 2_000_000,
      monthly: 30_000_000,
      views: 300_000_000,
      videos: 1_000,
    }),
    await channel({
      title: 'Kochen mit Oma',
      category: 26,
      lang: 'de',
      country: 'DE',
      subs: 40_000,
      monthly: 400_000,
      views: 9_000_000,
      videos: 30,
    }),
    await channel({
      title: 'Tiny Hobby Music',
      category: 10,
      lang: 'en',
      country: 'US',
      subs: 900,
      monthly: 5_000,
      views: 40_000,
      videos: 0,
    }),
    await channel({
      title: 'Retro Gaming Music',
      category: 20,
      lang: 'de',
      country: 'DE',
      subs: 120_000,
      monthly: 2_500_000,
      views: 20_000_000,
      videos: 200,
    }),
  ];
});

describe('POST /stat/search', () => {
  it('returns every tracked channel by monthly views with the documented fields', async () => {
    const got = await search([]);
    expect(got.count).toBe(all.length);
    expect(ids(got)).toEqual(expected(() => true));
    const lofi = all[0]!;
    expect(got.data[0]).toEqual({
      channel_id: lofi.key,
      channel_title: 'Lofi Hip Hop Radio',
      thumbnail_url: lofi.thumb,
      subscriber_count: 5_000_000,
      monthly_views: 90_000_000,
      watchtime: lofi.watch,
      lang_list: [{ language_code: 'en', english_name: 'English' }],
      category: 'Music',
      yt_category: 10,
      country: 'US',
    });
  });

  it('answers watch time in minutes, as the rankings call does, so pages round it once', async () => {
    const got = await search([]);
    const top = await body<{ channel_id: string; watchtime: number }[]>('/stat/get_top_channels', { metric: 'monthly_views' });
    expect(got.data.length).toBeGreaterThan(0);
    for (const row of got.data) {
      expect(row.watchtime).toBe(top.find((t) => t.channel_id === row.channel_id)?.watchtime);
      expect(row.watchtime).toBe(all.find((c) => c.key === row.channel_id)?.watch);
    }
  });

  it('filters by each filter alone', async () => {
    expect(ids(await search([['category', '10']]))).toEqual(expected((c) => c.category === 10));
    expect(
      ids(
        await search([
          ['category', '10'],
          ['category', '26'],
        ]),
      ),
    ).toEqual(expected((c) => c.category === 10 || c.category === 26));
    expect(ids(await search([['category', '20,26']]))).toEqual(expected((c) => c.category === 20 || c.category === 26));
    expect(ids(await search([['country', 'de']]))).toEqual(expected((c) => c.country === 'DE'));
    expect(ids(await search([['lang', 'en']]))).toEqual(expected((c) => c.lang === 'en'));
    expect(ids(await search([['form_monthly_views_min', '2500000']]))).toEqual(expected((c) => c.monthly >= 2_500_000));
    expect(ids(await search([['form_monthly_views_max', '2500000']]))).toEqual(expected((c) => c.monthly <= 2_500_000));
    expect(
      ids(
        await search([
          ['form_subscriber_count_min', '100000'],
          ['form_subscriber_count_max', '2000000'],
        ]),
      ),
    ).toEqual(expected((c) => c.subs >= 100_000 && c.subs <= 2_000_000));
    const avg = (c: Made) => (c.videos > 0 ? Math.floor(c.views / c.videos) : 0);
    expect(ids(await search([['form_avg_views_min', '100000']]))).toEqual(expected((c) => avg(c) >= 100_000));
    expect(ids(await search([['form_avg_views_max', '100000']]))).toEqual(expected((c) => avg(c) <= 100_000));
  });

  it('treats empty bounds as 0, which is no bound', async () => {
    const got = await search([
      ['form_monthly_views_min', ''],
      ['form_subscriber_count_max', ''],
      ['country', ''],
    ]);
    expect(got.count).toBe(all.length);
  });

  it('combines filters', async () => {
    const got = await search([
      ['category', '10'],
      ['category', '20'],
      ['lang', 'en'],
      ['form_monthly_views_min', '10000'],
      ['form_subscriber_count_max', '1000000'],
    ]);
    expect(ids(got)).toEqual(
      expected((c) => (c.category === 10 || c.category === 20) && c.lang === 'en' && c.monthly >= 10_000 && c.subs <= 1_000_000),
    );
    expect(got.count).toBe(1);
    const music = await search([
      ['form_str', 'music'],
      ['country', 'DE'],
    ]);
    expect(ids(music)).toEqual([all[5]!.key]);
  });

  it('matches keywords by word prefix, accents folded, every keyword required', async () => {
    expect(ids(await search([['form_str', 'music']]))).toEqual(expected((c) => /music|música/i.test(c.title)));
    expect(ids(await search([['form_str', 'gam']]))).toEqual(expected((c) => /gaming/i.test(c.title)));
    expect(
      ids(
        await search([
          ['form_str', 'gaming'],
          ['form_str', 'music'],
        ]),
      ),
    ).toEqual([all[5]!.key]);
    expect(ids(await search([['form_str', 'hip ho']]))).toEqual([all[0]!.key]);
    expect((await search([['form_str', 'zzzz']])).count).toBe(0);
    // FTS syntax in a keyword is read as words, not operators.
    expect(ids(await search([['form_str', 'Oma" OR "music']]))).toEqual([]);
    expect(ids(await search([['form_str', '"Oma"']]))).toEqual([all[3]!.key]);
  });

  it('keeps the title index in sync when a channel is renamed or removed', async () => {
    const kochen = all[3]!;
    await env.DB.prepare('UPDATE channels SET title = ? WHERE id = ?').bind('Baking Adventures', kochen.id).run();
    expect(ids(await search([['form_str', 'kochen']]))).toEqual([]);
    expect(ids(await search([['form_str', 'baking']]))).toEqual([kochen.key]);
    // An upsert that sets the same title leaves the index as it was.
    await env.DB.prepare('UPDATE channels SET title = title, thumbnail_url = ? WHERE id = ?').bind('x', kochen.id).run();
    expect(ids(await search([['form_str', 'baking']]))).toEqual([kochen.key]);
    await env.DB.prepare('DELETE FROM channels WHERE id = ?').bind(kochen.id).run();
    expect(ids(await search([['form_str', 'baking']]))).toEqual([]);
    const fresh = await channel({ title: 'Baking Again', subs: 1, monthly: 1 });
    expect(ids(await search([['form_str', 'baking']]))).toEqual([fresh.key]);
  });

  it('pages with last and count, the total counting every match', async () => {
    const order = expected(() => true);
    const first = await search([['count', '4']]);
    const second = await search([
      ['count', '4'],
      ['last', '4'],
    ]);
    expect(ids(first)).toEqual(order.slice(0, 4));
    expect(ids(second)).toEqual(order.slice(4));
    expect([first.count, second.count]).toEqual([all.length, all.length]);
    expect((await search([['last', '100']])).data).toEqual([]);
  });

  it('answers 400 naming the field for bad values', async () => {
    const cases: [string, string, string][] = [
      ['count', '0', 'count'],
      ['count', '101', 'count'],
      ['last', '-1', 'last'],
      ['count', 'x', 'count'],
      ['form_monthly_views_min', '-5', 'form_monthly_views_min'],
      ['form_subscriber_count_max', '1.5', 'form_subscriber_count_max'],
      ['category', 'music', 'category'],
      ['country', 'USA', 'country'],
      ['lang', 'e n', 'lang'],
    ];
    for (const [key, value, field] of cases) {
      const res = await post([[key, value]]);
      expect(res.status, `${key}=${value}`).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(new RegExp(`^${field}`));
    }
    const swapped = await post([
      ['form_avg_views_min', '10'],
      ['form_avg_views_max', '5'],
    ]);
    expect(swapped.status).toBe(400);
    expect(((await swapped.json()) as { error: string }).error).toMatch(/^form_avg_views_min: must not be above form_avg_views_max/);
  });
});

describe('GET /stat/form_max_values', () => {
  it('gives the sliders bounds from channel_now', async () => {
    const got = await body<Record<string, number>>('/stat/form_max_values');
    const avgs = all.filter((c) => c.videos > 0).map((c) => Math.floor(c.views / c.videos));
    expect(got).toEqual({
      max_monthly_views: Math.max(...all.map((c) => c.monthly)),
      max_subscribers: Math.max(...all.map((c) => c.subs)),
      min_subscribers: Math.min(...all.map((c) => c.subs)),
      max_avg_views: Math.max(...avgs),
    });
  });
});

describe('GET /tools/get_tags', () => {
  it('suggests title words starting with the text, most viewed first, then titles', async () => {
    expect(await body<string[]>('/tools/get_tags', { str: 'gam' })).toEqual(['Gaming', 'Gaming Legends']);
    expect(await body<string[]>('/tools/get_tags', { str: 'mus' })).toEqual(['Música', 'Music', 'Música Latina']);
    expect(await body<string[]>('/tools/get_tags', { str: 'lofi hip' })).toEqual(['Lofi Hip Hop Radio']);
  });

  it('needs 3 to 150 characters', async () => {
    for (const str of ['ab', 'x'.repeat(151)]) {
      const res = await call(`/api/analytics?path=/youtube/api/tools/get_tags&str=${str}`);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/^str: must be 3 to 150 characters/);
    }
  });
});

describe('trend video search', () => {
  async function video(id: string, channelId: number, title: string, views: number): Promise<void> {
    await env.DB.prepare(
      `INSERT INTO trend_videos (video_id, channel_id, video_title, thumbnail_url, published_at, view_count)
      VALUES (?, ?, ?, ?, ?, ?)`,
    )
      .bind(id, channelId, title, `https://i.example/${id}.jpg`, CREATED_AT, views)
      .run();
  }

  it('finds trending videos by title words and by id; follows title changes', async () => {
    const lofi = all[0]!;
    await video('aaaaaaaaaa1', lofi.id, 'Funny cats compilation', 500);
    await video('aaaaaaaaaa2', lofi.id, 'Funny dogs', 900);
    await video('aaaaaaaaaa3', lofi.id, 'Cooking show', 100);
    const funny = await body<{ video_id: string; channel_id: string; channel_title: string; views: number }[]>('/trends/search', {
      str: 'funn',
    });
    expect(funny.map((v) => v.video_id)).toEqual(['aaaaaaaaaa2', 'aaaaaaaaaa1']);
    expect(funny[0]).toMatchObject({
      channel_id: lofi.key,
      channel_title: lofi.title,
      views: 900,
      video_title: 'Funny dogs',
      thumbnail_url: 'https://i.example/aaaaaaaaaa2.jpg',
    });
    expect((await body<{ video_id: string }[]>('/trends/search', { str: 'aaaaaaaaaa3' })).map((v) => v.video_id)).toEqual(['aaaaaaaaaa3']);
    await env.DB.prepare("UPDATE trend_videos SET video_title = 'Serious dogs' WHERE video_id = 'aaaaaaaaaa2'").run();
    expect((await body<{ video_id: string }[]>('/trends/search', { str: 'funny' })).map((v) => v.video_id)).toEqual(['aaaaaaaaaa1']);
    const viaOverlay = await body<{ video_id: string }[]>('/stat/user_search', { str: 'serious', mode: 'videos' });
    expect(viaOverlay.map((v) => v.video_id)).toEqual(['aaaaaaaaaa2']);
    await env.DB.prepare("DELETE FROM trend_videos WHERE video_id = 'aaaaaaaaaa1'").run();
    expect(await body<unknown[]>('/trends/search', { str: 'funny' })).toEqual([]);
  });
});

describe('GET /stat/user_search', () => {
  afterEach(() => {
    fetchMock.deactivate();
  });

  it('finds our channels by title words, by channel link and by id, most subscribed first', async () => {
    const music = await body<Overlay[]>('/stat/user_search', { str: 'music' });
    const bySubs = all.filter((c) => /music|música/i.test(c.title)).sort((a, b) => b.subs - a.subs);
    expect(music.map((r) => r.channel_id)).toEqual(bySubs.map((c) => c.key));
    expect(music[0]).toEqual({
      channel_id: bySubs[0]!.key,
      channel_title: bySubs[0]!.title,
      thumbnail_url: bySubs[0]!.thumb,
      subscriber_count: bySubs[0]!.subs,
      monthly_views: bySubs[0]!.monthly,
      tracked: true,
    });
    const gaming = all[1]!;
    for (const str of [`https://www.youtube.com/channel/${gaming.key}?view_as=subscriber`, gaming.key]) {
      expect((await body<Overlay[]>('/stat/user_search', { str })).map((r) => r.channel_id)).toEqual([gaming.key]);
    }
    expect(await body<Overlay[]>('/stat/user_search', { str: 'nothing like this' })).toEqual([]);
  });

  it('validates str and mode', async () => {
    for (const query of ['str=ab', 'str=abc&mode=people']) {
      const res = await call(`/api/analytics?path=/youtube/api/stat/user_search&${query}`);
      expect(res.status).toBe(400);
    }
  });

  it('without a YouTube key it does not call out', async () => {
    fetchMock.activate();
    fetchMock.disableNetConnect();
    // Its own origin: an interceptor left unused here must not answer the tests with a key.
    fetchMock.get('https://yt-nokey.example').intercept({ path: /.*/ }).reply(200, { items: [] });
    const res = await call('/api/analytics?path=/youtube/api/stat/user_search&str=gaming', {
      settings: { YOUTUBE_DATA_URL: 'https://yt-nokey.example/v3' } as never,
    });
    const got = ((await res.json()) as { data: { body: Overlay[] } }).data.body;
    expect(got.map((r) => r.channel_id)).toEqual(
      all
        .filter((c) => /gaming/i.test(c.title))
        .sort((a, b) => b.subs - a.subs)
        .map((c) => c.key),
    );
    expect(fetchMock.pendingInterceptors()).toHaveLength(1);
  });
});

describe('GET /stat/user_search with YouTube', () => {
  afterEach(() => {
    fetchMock.deactivate();
  });

  async function withYoutube(
    str: string,
    reply: (url: URL) => { status: number; body: unknown },
  ): Promise<{ rows: Overlay[]; urls: URL[] }> {
    const urls: URL[] = [];
    fetchMock.activate();
    fetchMock.disableNetConnect();
    fetchMock
      .get('https://yt.example')
      .intercept({ path: (p: string) => p.startsWith('/v3/search') })
      .reply((opts) => {
        const url = new URL(`https://yt.example${opts.path}`);
        urls.push(url);
        const r = reply(url);
        return { statusCode: r.status, data: JSON.stringify(r.body) };
      });
    const res = await call(`/api/analytics?${new URLSearchParams({ path: '/youtube/api/stat/user_search', str })}`, {
      settings: { YOUTUBE_API_KEY: 'test-key', YOUTUBE_DATA_URL: 'https://yt.example/v3' } as never,
    });
    expect(res.status).toBe(200);
    return { rows: ((await res.json()) as { data: { body: Overlay[] } }).data.body, urls };
  }

  const item = (channelId: string, title: string) => ({
    kind: 'youtube#searchResult',
    id: { kind: 'youtube#channel', channelId },
    snippet: { channelId, title, thumbnails: { default: { url: `https://yt3.example/${channelId}.jpg` } } },
  });

  it('asks search.list for channels and merges: thumbnails filled, untracked channels added and marked', async () => {
    const noThumb = await channel({ title: 'Gaming Without Picture', subs: 10, monthly: 10, thumb: '' });
    const gaming = all[1]!;
    const stranger = 'UCstrangerstrangerstrang';
    const { rows, urls } = await withYoutube('gaming', () => ({
      status: 200,
      body: { items: [item(noThumb.key, 'x'), item(stranger, 'Gaming Stranger'), item(gaming.key, 'Gaming Legends')] },
    }));
    expect(urls).toHaveLength(1);
    expect(Object.fromEntries(urls[0]!.searchParams)).toMatchObject({
      part: 'snippet',
      type: 'channel',
      maxResults: '10',
      q: 'gaming',
      key: 'test-key',
    });
    const own = all
      .filter((c) => /gaming/i.test(c.title))
      .concat(noThumb)
      .sort((a, b) => b.subs - a.subs);
    expect(rows.map((r) => r.channel_id)).toEqual([...own.map((c) => c.key), stranger]);
    expect(rows.find((r) => r.channel_id === noThumb.key)?.thumbnail_url).toBe(`https://yt3.example/${noThumb.key}.jpg`);
    expect(rows.find((r) => r.channel_id === gaming.key)?.thumbnail_url).toBe(gaming.thumb);
    expect(rows.at(-1)).toEqual({
      channel_id: stranger,
      channel_title: 'Gaming Stranger',
      thumbnail_url: `https://yt3.example/${stranger}.jpg`,
      subscriber_count: null,
      monthly_views: null,
      tracked: false,
    });
  });

  it('adds a tracked channel YouTube found that our title search missed, with our figures', async () => {
    const kochen = all[3]!;
    const { rows } = await withYoutube('gaming', () => ({ status: 200, body: { items: [item(kochen.key, 'Kochen')] } }));
    expect(rows.at(-1)).toMatchObject({ channel_id: kochen.key, subscriber_count: kochen.subs, tracked: true });
  });

  it('answers from our data when YouTube fails', async () => {
    const { rows, urls } = await withYoutube('gaming', () => ({ status: 500, body: { error: { message: 'backend error' } } }));
    expect(urls).toHaveLength(1);
    expect(rows.map((r) => r.channel_id)).toEqual(
      all
        .filter((c) => /gaming/i.test(c.title))
        .sort((a, b) => b.subs - a.subs)
        .map((c) => c.key),
    );
  });
});
