// Details over more channels than a pie or a page holds: the map's top 9 and Other slice, and paging by name.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DetailsAnswer, DetailsMapAnswer } from '../../../src/lib/api/details';
import { refreshRollups } from '../../../src/server/ingest/rollup/index';
import { createUser } from '../factories';
import { signIn } from '../http';
import { createChannel, daysBetween, insertRows, type Row } from '../rollup/factory';
import { data } from './details-expect';

const CREATED_AT = 1_700_000_000;
const FROM = '2026-04-01';
const TO = '2026-04-20';
const CHANNELS = 12;

let session = '';
let channels: Array<{ id: number; key: string; title: string; views: number }> = [];

beforeAll(async () => {
  const user = await createUser();
  const daily: Row[] = [];
  for (let i = 0; i < CHANNELS; i++) {
    const id = await createChannel();
    // Views per day differ per channel (and two channels tie), so the order is known.
    const perDay = i === 3 ? 100 + 5 * 10 : 100 + i * 10;
    for (const day of daysBetween(FROM, TO)) daily.push({ channel_id: id, day, views: perDay, partner_revenue_micros: perDay * 1000 });
  }
  await insertRows('channel_daily', daily);
  const ids = [...new Set(daily.map((r) => Number(r.channel_id)))];
  await insertRows(
    'channel_grants',
    ids.map((id) => ({ user_id: user.id, channel_id: id, created_at: CREATED_AT })),
  );
  await refreshRollups(env.DB, { channelDays: daily.map((r) => ({ channelId: Number(r.channel_id), day: String(r.day) })) });
  const rows = await env.DB.prepare(`SELECT id, youtube_id, title FROM channels WHERE id IN (${ids.map(() => '?').join(',')})`)
    .bind(...ids)
    .all<{ id: number; youtube_id: string; title: string }>();
  channels = rows.results.map((r) => ({
    id: r.id,
    key: r.youtube_id,
    title: r.title,
    views: daily.filter((d) => Number(d.channel_id) === r.id).reduce((s, d) => s + Number(d.views), 0),
  }));
  session = await signIn(user.email, user.password ?? '');
});

describe('details over many channels', () => {
  it('gives the top 9 channels and the rest as Other on the pie', async () => {
    const got = await data<DetailsMapAnswer>(session, '/api/stat/details/map', { date_from: FROM, date_to: TO, top_field: 'views' });
    const order = [...channels].sort((a, b) => b.views - a.views || (a.key < b.key ? -1 : 1));
    expect(got.channels).toEqual([
      ...order.slice(0, 9).map((c) => ({ key: c.key, name: c.title, value: c.views })),
      { key: 'other', name: 'Other', value: order.slice(9).reduce((s, c) => s + c.views, 0) },
    ]);
  });

  it('pages channels sorted by name without gaps or overlaps', async () => {
    const body = { date_from: FROM, date_to: TO, top_field: 'views', sort: 'name', order: 'asc', per_page: 5 };
    const pages: DetailsAnswer[] = [];
    for (const page of [1, 2, 3]) pages.push(await data<DetailsAnswer>(session, '/api/stat/details', { ...body, page }));
    const byName = [...channels].sort((a, b) => a.title.localeCompare(b.title, 'en') || (a.key < b.key ? -1 : 1));
    expect(pages.flatMap((p) => p.rows.map((r) => r.name))).toEqual(byName.map((c) => c.title));
    expect(pages.map((p) => p.rows.length)).toEqual([5, 5, 2]);
    expect(pages[0]?.totals.views).toBe(channels.reduce((s, c) => s + c.views, 0));
  });

  it('breaks ties by key, so equal values page the same way every time', async () => {
    const got = await data<DetailsAnswer>(session, '/api/stat/details', { date_from: FROM, date_to: TO, top_field: 'views' });
    const order = [...channels].sort((a, b) => b.views - a.views || (a.key < b.key ? -1 : 1));
    expect(got.rows.map((r) => r.key)).toEqual(order.map((c) => c.key));
  });
});
