// POST /api/stat/formats: Shorts, long-form, live and the channel page side by side. Expected figures are
// computed here from the inserted rows (micro-USD integers); the statement split is written again here.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BaseAnswer } from '../../../src/lib/api/stats';
import type { FormatFigures, FormatsAnswer } from '../../../src/lib/api/formats';
import { createUser } from '../factories';
import { call, signIn } from '../http';
import { insertPartnerRows, refreshPartnerRollups } from '../partner-facts';
import { createChannel, daysBetween, type Row } from '../rollup/factory';

const CREATED_AT = 1_700_000_000;
const FORMATS = ['short', 'full', 'live', 'channel'] as const;
const FIRST_DAY = '2026-07-01';
const LAST_DAY = '2026-09-30';
/** Channel A's August statement: revenue, adjustments, and what Shorts earned of the revenue. */
const AUGUST = { revenue: 812_345_678, adjustment: -2_345_671, shorts: 123_456_789 };

interface Fixture {
  owner: string;
  onlyB: string;
  a: number;
  b: number;
  rows: Row[];
}
let f: Fixture;

/** A channel day's figures per format: odd estimates, so every rounding shows; the channel page earns nothing. */
function formatRows(channel: number, day: string, i: number, scale: number): Row[] {
  return FORMATS.map((type, k) => ({
    channel_id: channel,
    day,
    video_type: type,
    views: scale * (100 * (k + 1) + i),
    engaged_views: type === 'short' ? Math.floor((scale * (100 + i) * 3) / 5) : scale * (100 * (k + 1) + i),
    watch_time_minutes: scale * (10 + k + i),
    likes: k + i,
    subscribers_gained: type === 'channel' ? 3 : 1,
    partner_revenue_micros: type === 'channel' ? 0 : scale * (1_000_003 * (k + 1) + 7_919 * i),
  }));
}

/** channel_daily as the format rows add up (the importer keeps the two equal). */
function channelRow(parts: Row[]): Row {
  const out: Row = { channel_id: parts[0]?.channel_id ?? 0, day: parts[0]?.day ?? '' };
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (key === 'channel_id' || key === 'day' || key === 'video_type') continue;
      out[key] = Number(out[key] ?? 0) + Number(value);
    }
  }
  return out;
}

beforeAll(async () => {
  const net = await env.DB.prepare("INSERT INTO networks (slug, name, is_partner, created_at) VALUES ('fmt-net', 'Fmt', 1, ?) RETURNING id")
    .bind(CREATED_AT)
    .first<{ id: number }>();
  const networkId = net?.id ?? 0;
  const a = await createChannel({ networkId });
  const b = await createChannel({ networkId });
  const rows: Row[] = [];
  const daily: Row[] = [];
  for (const [channel, scale] of [
    [a, 1],
    [b, 2],
  ] as const) {
    daysBetween(FIRST_DAY, LAST_DAY).forEach((day, i) => {
      const parts = formatRows(channel, day, i, scale);
      rows.push(...parts);
      daily.push(channelRow(parts));
    });
  }
  await insertPartnerRows('channel_daily', daily);
  await insertPartnerRows('channel_format_daily', rows);
  await refreshPartnerRollups({ channelDays: daily.map((r) => ({ channelId: Number(r.channel_id), day: String(r.day) })) });
  await insertPartnerRows('channel_finance_monthly', [
    {
      channel_id: a,
      month: '2026-08',
      revenue_micros: AUGUST.revenue,
      adjustment_micros: AUGUST.adjustment,
      shorts_micros: AUGUST.shorts,
      finalized_at: CREATED_AT,
    },
  ]);
  const owner = await createUser();
  const reader = await createUser();
  await env.DB.prepare('INSERT INTO network_grants (user_id, network_id, created_at) VALUES (?, ?, ?)')
    .bind(owner.id, networkId, CREATED_AT)
    .run();
  const youtubeB = await env.DB.prepare('SELECT youtube_id FROM channels WHERE id = ?').bind(b).first<{ youtube_id: string }>();
  await env.DB.prepare('INSERT INTO channel_grants (user_id, channel_id, created_at) VALUES (?, ?, ?)')
    .bind(reader.id, b, CREATED_AT)
    .run();
  expect(youtubeB).not.toBeNull();
  f = {
    owner: await signIn(owner.email, owner.password ?? ''),
    onlyB: await signIn(reader.email, reader.password ?? ''),
    a,
    b,
    rows,
  };
});

async function post<T>(path: string, session: string, body: Record<string, unknown>): Promise<T> {
  const res = await call(path, { session, body });
  expect(res.status, path).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

const inRange = (r: Row, from: string, to: string) => String(r.day) >= from && String(r.day) <= to;
const sumOf = (rows: Row[], column: string) => rows.reduce((s, r) => s + Number(r[column] ?? 0), 0);

/** Earnings per format (micros): estimates, except channel A's August, split as documented. */
function expectedMicros(channels: number[], from: string, to: string): Map<string, number> {
  const out = new Map<string, number>(FORMATS.map((t) => [t, 0]));
  const rows = f.rows.filter((r) => channels.includes(Number(r.channel_id)) && inRange(r, from, to));
  const augustSplit = channels.includes(f.a) && from <= '2026-08-01' && to >= '2026-08-31';
  for (const r of rows) {
    if (augustSplit && r.channel_id === f.a && String(r.day).startsWith('2026-08')) continue;
    out.set(String(r.video_type), (out.get(String(r.video_type)) ?? 0) + Number(r.partner_revenue_micros));
  }
  if (augustSplit) {
    // Shorts take shorts_micros; the rest (revenue + adjustments − Shorts) goes to the other formats by their
    // month estimates in key order (channel, full, live): trunc(rest × run / weight), the last cut exact.
    const august = rows.filter((r) => r.channel_id === f.a && String(r.day).startsWith('2026-08'));
    const rest = BigInt(AUGUST.revenue + AUGUST.adjustment - AUGUST.shorts);
    const others = (['channel', 'full', 'live'] as const).map(
      (t) =>
        [
          t,
          BigInt(
            sumOf(
              august.filter((r) => r.video_type === t),
              'partner_revenue_micros',
            ),
          ),
        ] as const,
    );
    const weight = others.reduce((s, [, v]) => s + v, 0n);
    const cut = (run: bigint) => (run === weight ? rest : (rest * run) / weight);
    let run = 0n;
    for (const [type, estimate] of others) {
      out.set(type, (out.get(type) ?? 0) + Number(cut(run + estimate) - cut(run)));
      run += estimate;
    }
    out.set('short', (out.get('short') ?? 0) + AUGUST.shorts);
  }
  return out;
}

/** The formats' dollars cut from the total in cents by running sums (short, full, live, channel). */
function expectedDollars(micros: Map<string, number>): Map<string, number> {
  const out = new Map<string, number>();
  let running = 0;
  let before = 0;
  for (const type of FORMATS) {
    running += micros.get(type) ?? 0;
    const cents = Math.round(running / 10_000);
    out.set(type, (cents - before) / 100);
    before = cents;
  }
  return out;
}

function expected(channels: number[], from: string, to: string): FormatFigures[] {
  const dollars = expectedDollars(expectedMicros(channels, from, to));
  return FORMATS.map((type) => {
    const rows = f.rows.filter((r) => channels.includes(Number(r.channel_id)) && inRange(r, from, to) && r.video_type === type);
    return {
      video_type: type,
      views: sumOf(rows, 'views'),
      engaged_views: sumOf(rows, 'engaged_views'),
      watch_time_minutes: sumOf(rows, 'watch_time_minutes'),
      earnings: dollars.get(type) ?? 0,
    };
  });
}

describe('POST /api/stat/formats', () => {
  it('answers each format of the range and the comparison, statement months split by their Shorts', async () => {
    const body = { date_from: '2026-07-15', date_to: '2026-09-30', compare_from: '2026-07-01', compare_to: '2026-07-31' };
    const got = await post<FormatsAnswer>('/api/stat/formats', f.owner, body);
    expect(got.not_split_by).toBeNull();
    expect(got.formats).toEqual(expected([f.a, f.b], '2026-07-15', '2026-09-30'));
    expect(got.compare).toEqual(expected([f.a, f.b], '2026-07-01', '2026-07-31'));
    // Shorts' earnings in August are the statement's, not the estimate's.
    const estimateOnly = sumOf(
      f.rows.filter((r) => r.channel_id === f.a && String(r.day).startsWith('2026-08') && r.video_type === 'short'),
      'partner_revenue_micros',
    );
    expect(estimateOnly).not.toBe(AUGUST.shorts);
  });

  it('adds up to the Earnings and Views cards exactly, lifetime included', async () => {
    for (const body of [{ date_from: '2026-07-15', date_to: '2026-09-30' }, { date_from: '2026-08-01', date_to: '2026-08-31' }, {}]) {
      const formats = await post<FormatsAnswer>('/api/stat/formats', f.owner, body);
      const base = await post<BaseAnswer>('/api/stat/base', f.owner, body);
      const cents = (formats.formats ?? []).reduce((s, r) => s + Math.round(r.earnings * 100), 0);
      expect(cents, JSON.stringify(body)).toBe(Math.round(base.sum_partner_revenue * 100));
      expect((formats.formats ?? []).reduce((s, r) => s + r.views, 0)).toBe(base.sum_views);
    }
    expect((await post<FormatsAnswer>('/api/stat/formats', f.owner, {})).formats).toEqual(expected([f.a, f.b], FIRST_DAY, LAST_DAY));
  });

  it('reads only the channels the session may see, and a video type filter keeps its format', async () => {
    const body = { date_from: '2026-08-01', date_to: '2026-08-31' };
    expect((await post<FormatsAnswer>('/api/stat/formats', f.onlyB, body)).formats).toEqual(expected([f.b], '2026-08-01', '2026-08-31'));
    const shorts = await post<FormatsAnswer>('/api/stat/formats', f.owner, { ...body, type_video: 'short' });
    const all = expected([f.a, f.b], '2026-08-01', '2026-08-31');
    expect(shorts.formats).toEqual([all[0]]);
  });

  it('answers no split under a countries filter, and refuses a bad body with a 400', async () => {
    const countries = await post<FormatsAnswer>('/api/stat/formats', f.owner, { countries: ['US'] });
    expect(countries).toEqual({ formats: null, compare: null, not_split_by: 'countries' });
    const bad = await call('/api/stat/formats', { session: f.owner, body: { date_from: 'yesterday', date_to: '2026-08-31' } });
    expect(bad.status).toBe(400);
    const anonymous = await call('/api/stat/formats', { body: {} });
    expect(anonymous.status).toBe(401);
  });
});
