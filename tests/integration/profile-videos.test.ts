// The profile's property list (POST /api/profile/videos) and channels: paging and period against the
// fixture rows, scoping to the user, the titles filter only with show_title, and 400s naming the field.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProfileVideo, ProfileVideosAnswer } from '../../src/lib/api/property';
import { createUser } from './factories';
import { call, signIn } from './http';
import { createChannel, createTitle, insertRows } from './rollup/factory';

interface Fixture {
  video_id: string;
  channel: number;
  title_id: number | null;
  /** The publish day, or null for a video without one. */
  day: string | null;
  /** Seconds into that day (UTC): the last and first second of a day test the period's edges. */
  at: number;
}

const LAST_SECOND = 86_399;

interface World {
  a: string;
  b: string;
  c: string;
  ch1: { id: number; key: string };
  ch2: { id: number; key: string };
  chB: { id: number; key: string };
  t1: number;
  t2: number;
  videos: Fixture[];
}

let w: World;

async function channelKey(id: number): Promise<string> {
  const row = await env.DB.prepare('SELECT youtube_id FROM channels WHERE id = ?').bind(id).first<{ youtube_id: string }>();
  return row!.youtube_id;
}

async function grant(userId: number, channelIds: number[]): Promise<void> {
  await insertRows(
    'channel_grants',
    channelIds.map((channel_id) => ({ user_id: userId, channel_id, created_at: 1 })),
  );
}

const videoId = (n: number): string => `vid${String(n).padStart(8, '0')}`;

/** Day n of March 2026. */
const march = (n: number): string => `2026-03-${String(n).padStart(2, '0')}`;

beforeAll(async () => {
  const [ua, ub, uc] = await Promise.all([createUser({ showTitle: true }), createUser(), createUser()]);
  const [ch1, ch2, chB] = [await createChannel(), await createChannel(), await createChannel()];
  const [t1, t2] = [await createTitle(), await createTitle()];
  await env.DB.prepare("UPDATE channels SET joined_on = '2024-05-06' WHERE id = ?").bind(ch1).run();
  await grant(ua.id, [ch1, ch2]);
  await grant(ub.id, [chB]);
  await grant(uc.id, [ch1]);
  const videos: Fixture[] = [];
  let n = 0;
  // ch1: one video a day through 1..20 March, titles t1, t2, none in turn, half at each day's edges.
  for (let d = 1; d <= 20; d++) {
    videos.push({
      video_id: videoId(++n),
      channel: ch1,
      title_id: [t1, t2, null][d % 3] ?? null,
      day: march(d),
      at: d % 2 ? 0 : LAST_SECOND,
    });
  }
  for (let i = 0; i < 3; i++) videos.push({ video_id: videoId(++n), channel: ch1, title_id: t1, day: null, at: 0 });
  for (let d = 5; d <= 9; d++) videos.push({ video_id: videoId(++n), channel: ch2, title_id: t2, day: march(d), at: 3600 });
  for (let d = 1; d <= 20; d++) videos.push({ video_id: videoId(++n), channel: chB, title_id: t1, day: march(d), at: 3600 });
  videos.push({ video_id: videoId(n + 1), channel: chB, title_id: null, day: null, at: 0 });
  await insertRows(
    'videos',
    videos.map((v) => ({
      video_id: v.video_id,
      channel_id: v.channel,
      title_id: v.title_id,
      video_title: `Video ${v.video_id}`,
      published_at: v.day === null ? null : Date.parse(`${v.day}T00:00:00Z`) / 1000 + v.at,
      type: 'full',
    })),
  );
  const [a, b, c] = await Promise.all([signIn(ua.email, ua.password!), signIn(ub.email, ub.password!), signIn(uc.email, uc.password!)]);
  w = {
    a,
    b,
    c,
    ch1: { id: ch1, key: await channelKey(ch1) },
    ch2: { id: ch2, key: await channelKey(ch2) },
    chB: { id: chB, key: await channelKey(chB) },
    t1,
    t2,
    videos,
  };
});

async function post(
  session: string,
  body: Record<string, unknown>,
): Promise<{ status: number; data?: ProfileVideosAnswer; error?: string }> {
  const res = await call('/api/profile/videos', { session, body });
  return { status: res.status, ...((await res.json()) as { data?: ProfileVideosAnswer; error?: string }) };
}

const ids = (answer: ProfileVideosAnswer | undefined): string[] => (answer?.titles ?? []).flatMap((t) => t.videos.map((v) => v.video_id));

/** The fixture's expected list: undated first, then newest first (to the second), then by id. */
function expected(keep: (v: Fixture) => boolean): string[] {
  const rows = w.videos.filter(keep);
  const undated = rows.filter((v) => v.day === null).map((v) => v.video_id);
  const seconds = (v: Fixture): number => Date.parse(`${v.day}T00:00:00Z`) / 1000 + v.at;
  const dated = rows
    .filter((v) => v.day !== null)
    .sort((x, y) => seconds(y) - seconds(x) || (x.video_id < y.video_id ? -1 : 1))
    .map((v) => v.video_id);
  return [...undated.sort(), ...dated];
}

const inPeriod = (from: string, to: string) => (v: Fixture) => v.day === null || (v.day >= from && v.day <= to);

describe('POST /api/profile/videos', () => {
  it('lists the period a page at a time, undated videos first on every period', async () => {
    const mine = (v: Fixture) => v.channel === w.ch1.id || v.channel === w.ch2.id;
    const want = expected((v) => mine(v) && inPeriod(march(4), march(12))(v));
    // 3 undated + ch1 days 4..12 (9) + ch2 days 5..9 (5), counted by hand as well.
    expect(want).toHaveLength(17);
    const first = await post(w.a, { date_from: march(4), date_to: march(12), per_page: 15 });
    expect(first.status).toBe(200);
    expect(first.data?.total).toBe(17);
    expect(ids(first.data)).toEqual(want.slice(0, 15));
    const second = await post(w.a, { date_from: march(4), date_to: march(12), per_page: 15, page: 2 });
    expect(ids(second.data)).toEqual(want.slice(15));
    const past = await post(w.a, { date_from: march(4), date_to: march(12), per_page: 15, page: 3 });
    expect(past.data).toMatchObject({ total: 17, titles: [] });

    const all = await post(w.a, {});
    expect(all.data).toMatchObject({ total: w.videos.filter(mine).length, page: 1, per_page: 50 });
    expect(ids(all.data)).toEqual(expected(mine));
  });

  it('keeps the first and the last second of the period and answers publish days and channels', async () => {
    const oneDay = await post(w.a, { date_from: march(2), date_to: march(2), channels: [w.ch1.key] });
    const undated = w.videos.filter((v) => v.channel === w.ch1.id && v.day === null).length;
    expect(oneDay.data?.total).toBe(undated + 1);
    const dated = (oneDay.data?.titles ?? []).flatMap((t) => t.videos).filter((v) => v.video_published !== null);
    const fixture = w.videos.find((v) => v.channel === w.ch1.id && v.day === march(2))!;
    expect(fixture.at).toBe(LAST_SECOND);
    expect(dated).toEqual<ProfileVideo[]>([
      {
        video_id: fixture.video_id,
        video_title: `Video ${fixture.video_id}`,
        video_published: march(2),
        channel_id: w.ch1.key,
        channel_title: expect.any(String) as unknown as string,
      },
    ]);
    const third = await post(w.a, { date_from: march(3), date_to: march(3), channels: [w.ch1.key] });
    expect(ids(third.data)).toContain(w.videos.find((v) => v.channel === w.ch1.id && v.day === march(3))!.video_id);
    expect(third.data?.total).toBe(undated + 1);
  });

  it("never lists another user's videos, also when asked by channel id", async () => {
    const theirs = new Set(w.videos.filter((v) => v.channel === w.chB.id).map((v) => v.video_id));
    const all = await post(w.a, { per_page: 100 });
    expect(ids(all.data).filter((id) => theirs.has(id))).toEqual([]);
    const foreign = await post(w.a, { channels: [w.chB.key] });
    expect(foreign.data).toMatchObject({ total: 0, titles: [] });
    const mixed = await post(w.a, { channels: [w.chB.key, w.ch2.key] });
    expect(ids(mixed.data)).toEqual(expected((v) => v.channel === w.ch2.id));
    const b = await post(w.b, { per_page: 100 });
    expect(ids(b.data)).toEqual(expected((v) => v.channel === w.chB.id));
  });

  it('applies titles and shows them only with show_title', async () => {
    const filtered = await post(w.a, { titles: [w.t2] });
    expect(ids(filtered.data)).toEqual(expected((v) => v.title_id === w.t2 && v.channel !== w.chB.id));
    expect(filtered.data?.titles.every((t) => t.title_id === w.t2 && t.title !== null)).toBe(true);
    const ignored = await post(w.c, { titles: [w.t2] });
    expect(ids(ignored.data)).toEqual(expected((v) => v.channel === w.ch1.id));
    expect(ignored.data?.titles).toHaveLength(1);
    expect(ignored.data?.titles[0]).toMatchObject({ title_id: null, title: null, title_ico: '' });
  });

  it.each([
    [{ per_page: 20 }, 'per_page: must be one of 15, 25, 50, 100'],
    [{ page: 0 }, 'page: Too small: expected number to be >=1'],
    [{ page: 100_001 }, 'page: Too big: expected number to be <=100000'],
    [{ page: 1.5 }, 'page: Invalid input: expected int, received number'],
    [{ date_from: march(1) }, 'date_to: required with date_from'],
    [{ date_from: march(9), date_to: march(1) }, 'date_to: must not be before date_from'],
    [{ date_from: 'March', date_to: march(1) }, 'date_from: must be a real date as YYYY-MM-DD'],
    [{ date_from: march(1), date_to: '9999-12-31' }, /^date_to: must be between 2015-01-01 and /],
    [{ channels: ['nope'] }, "channels.0: must be a YouTube channel id (UC…) or 'ugc'"],
    [{ titles: ['one'] }, 'titles.0: Invalid input: expected number, received string'],
  ])('refuses %j with a 400 naming the field', async (body, message) => {
    const answer = await post(w.a, body);
    expect(answer.status).toBe(400);
    if (typeof message === 'string') expect(answer.error).toBe(message);
    else expect(answer.error).toMatch(message);
  });

  it('needs a session', async () => {
    expect((await call('/api/profile/videos', { body: {} })).status).toBe(401);
  });
});

describe('GET /api/profile/channels', () => {
  it("answers each of the user's channels with the day it joined", async () => {
    const res = (await (await call('/api/profile/channels', { session: w.a })).json()) as {
      data: Array<{ channel_id: string; published_date: string | null }>;
    };
    const byKey = Object.fromEntries(res.data.map((c) => [c.channel_id, c.published_date]));
    expect(byKey).toEqual({ [w.ch1.key]: '2024-05-06', [w.ch2.key]: null });
  });
});
