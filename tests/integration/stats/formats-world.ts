// The format grain's test world, shared by the formats call's and the details' Format grouping's tests: two
// channels of one network over July to September 2026, a row per format and day, channel A's August
// statement; and the earnings per format computed here from the inserted rows, the statement split written again.
import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import { createUser } from '../factories';
import { signIn } from '../http';
import { insertPartnerRows, refreshPartnerRollups } from '../partner-facts';
import { createChannel, daysBetween, type Row } from '../rollup/factory';

const CREATED_AT = 1_700_000_000;
export const FORMATS = ['short', 'full', 'live', 'channel'] as const;
export const FIRST_DAY = '2026-07-01';
export const LAST_DAY = '2026-09-30';
/** Channel A's August statement: revenue, adjustments, and what Shorts earned of the revenue. */
export const AUGUST = { revenue: 812_345_678, adjustment: -2_345_671, shorts: 123_456_789 };

export interface FormatsWorld {
  owner: string;
  onlyB: string;
  a: number;
  b: number;
  /** channel B's YouTube id (a channels filter). */
  youtubeB: string;
  /** Every channel_format_daily row inserted. */
  rows: Row[];
}

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
    comments: 2 * k + (i % 3),
    subscribers_gained: type === 'channel' ? 3 : 1,
    subscribers_lost: type === 'full' && i % 2 === 0 ? 1 : 0,
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

/** Inserts the world (in beforeAll) and signs in its network owner (with titles) and a reader of channel B only. */
export async function buildFormatsWorld(): Promise<FormatsWorld> {
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
  const owner = await createUser({ showTitle: true });
  const reader = await createUser();
  await env.DB.prepare('INSERT INTO network_grants (user_id, network_id, created_at) VALUES (?, ?, ?)')
    .bind(owner.id, networkId, CREATED_AT)
    .run();
  const youtubeB = await env.DB.prepare('SELECT youtube_id FROM channels WHERE id = ?').bind(b).first<{ youtube_id: string }>();
  await env.DB.prepare('INSERT INTO channel_grants (user_id, channel_id, created_at) VALUES (?, ?, ?)')
    .bind(reader.id, b, CREATED_AT)
    .run();
  expect(youtubeB).not.toBeNull();
  return {
    owner: await signIn(owner.email, owner.password ?? ''),
    onlyB: await signIn(reader.email, reader.password ?? ''),
    a,
    b,
    youtubeB: youtubeB?.youtube_id ?? '',
    rows,
  };
}

export const inRange = (r: Row, from: string, to: string) => String(r.day) >= from && String(r.day) <= to;
export const sumOf = (rows: Row[], column: string) => rows.reduce((s, r) => s + Number(r[column] ?? 0), 0);

/** Earnings per format (micros): estimates, except channel A's August, split as documented (docs/stats.md, "Formats"). */
export function expectedMicros(w: FormatsWorld, channels: number[], from: string, to: string): Map<string, number> {
  const out = new Map<string, number>(FORMATS.map((t) => [t, 0]));
  const rows = w.rows.filter((r) => channels.includes(Number(r.channel_id)) && inRange(r, from, to));
  const augustSplit = channels.includes(w.a) && from <= '2026-08-01' && to >= '2026-08-31';
  for (const r of rows) {
    if (augustSplit && r.channel_id === w.a && String(r.day).startsWith('2026-08')) continue;
    out.set(String(r.video_type), (out.get(String(r.video_type)) ?? 0) + Number(r.partner_revenue_micros));
  }
  if (augustSplit) {
    // Shorts take shorts_micros; the rest (revenue + adjustments − Shorts) goes to the other formats by their
    // month estimates in key order (channel, full, live): trunc(rest × run / weight), the last cut exact.
    const august = rows.filter((r) => r.channel_id === w.a && String(r.day).startsWith('2026-08'));
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
