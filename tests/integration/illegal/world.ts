// A small illegal copies world: user A sees network 1 (two channels and UGC), user B one channel of its own
// and one of A's; copies with known views, earnings, statuses, found days, titles, countries and the partner
// videos they copy.
import { env } from 'cloudflare:test';
import { createUser, type TestUser } from '../factories';
import { signIn } from '../http';
import { insertPartnerRows } from '../partner-facts';
import { insertRows, type Row } from '../rollup/factory';

const CREATED_AT = 1_700_000_000;
const COUNTRIES = ['US', 'DE', 'FR', 'BR'] as const;

export interface CopyFixture {
  video_id: string;
  video_title: string;
  uploader_youtube_id: string;
  uploader_title: string;
  channel_id: number;
  title_id: number | null;
  /** The partner video copied: the owner's own, another channel's (which no answer may name), or none. */
  reference_video_id: string | null;
  country_code: string;
  views: number;
  earnings_micros: number;
  claim_status: 'claimed' | 'blocked';
  detected_on: string;
}

export interface IllegalWorld {
  a: TestUser & { session: string };
  b: TestUser & { session: string };
  /** channels: key is the YouTube id, or 'ugc' */
  ch1: { id: number; key: string };
  ch2: { id: number; key: string };
  ugc: { id: number; key: string };
  chB: { id: number; key: string };
  titles: [number, number];
  /** The partner channels' videos (two each), by id. */
  videos: Map<string, { channel_id: number; video_title: string }>;
  copies: CopyFixture[];
}

let sequence = 0;

async function channel(networkId: number | null, ugc = false): Promise<{ id: number; key: string }> {
  sequence += 1;
  const key = ugc ? null : `UC${String(sequence).padStart(22, 'i')}`;
  const row = await env.DB.prepare(
    'INSERT INTO channels (youtube_id, title, network_id, is_ugc, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id',
  )
    .bind(key, ugc ? 'UGC' : `Partner channel ${sequence}`, networkId, ugc ? 1 : 0, CREATED_AT)
    .first<{ id: number }>();
  if (!row) throw new Error('channel insert failed');
  return { id: row.id, key: key ?? 'ugc' };
}

/** An 11-character video id and a 24-character uploader id from a number. */
const videoId = (n: number) => `v${String(n).padStart(10, '0')}`;
const uploaderId = (n: number) => `UC${String(n).padStart(22, 'u')}`;
const referenceId = (n: number) => `r${String(n).padStart(10, '0')}`;

/** Builds the world: 90 copies over Jan-Mar 2026, 68 of them on A's channels (three table pages). */
export async function buildIllegalWorld(): Promise<IllegalWorld> {
  const net = await env.DB.prepare("INSERT INTO networks (slug, name, is_partner, created_at) VALUES (?, 'Net', 1, ?) RETURNING id")
    .bind(`illegal-net-${++sequence}`, CREATED_AT)
    .first<{ id: number }>();
  const networkId = net?.id ?? 0;
  const ch1 = await channel(networkId);
  const ch2 = await channel(networkId);
  const ugc = await channel(networkId, true);
  const chB = await channel(null);
  const titles: [number, number] = [0, 0];
  for (const i of [0, 1]) {
    const row = await env.DB.prepare('INSERT INTO titles (title, created_at) VALUES (?, ?) RETURNING id')
      .bind(`Show ${sequence}-${i + 1}`, CREATED_AT)
      .first<{ id: number }>();
    titles[i] = row?.id ?? 0;
  }
  const ua = await createUser({ showTitle: true });
  const ub = await createUser();
  await env.DB.prepare('INSERT INTO network_grants (user_id, network_id, created_at) VALUES (?, ?, ?)')
    .bind(ua.id, networkId, CREATED_AT)
    .run();
  await insertRows('channel_grants', [
    { user_id: ub.id, channel_id: chB.id, created_at: CREATED_AT },
    { user_id: ub.id, channel_id: ch2.id, created_at: CREATED_AT },
  ]);
  const owners = [ch1, ch2, ugc, chB];
  const copies: CopyFixture[] = [];
  const base = sequence * 1000;
  const videos = new Map<string, { channel_id: number; video_title: string }>();
  for (const [n, owner] of [ch1, ch2, chB].entries()) {
    for (const k of [0, 1]) videos.set(referenceId(base + n * 2 + k), { channel_id: owner.id, video_title: `Original ${n}-${k}` });
  }
  await insertRows(
    'videos',
    [...videos].map(([video_id, v]) => ({ video_id, ...v, title_id: null, published_at: CREATED_AT, type: 'full' })),
  );
  const videosOf = (channelId: number) => [...videos].filter(([, v]) => v.channel_id === channelId).map(([id]) => id);
  for (let i = 0; i < 90; i += 1) {
    const blocked = i % 4 === 1;
    const owner = owners[i % owners.length] ?? ch1;
    const day = 1 + ((i * 7) % 28);
    const month = 1 + (i % 3);
    copies.push({
      video_id: videoId(base + i),
      video_title: i === 0 ? '<b>Bold</b> & copy' : `Copy ${String(i).padStart(3, '0')}`,
      uploader_youtube_id: uploaderId(base + i),
      uploader_title: i === 0 ? '<script>alert(1)</script>' : `Uploader ${i % 9}`,
      channel_id: owner.id,
      title_id: i % 5 === 0 ? null : (titles[i % 2] ?? null),
      // Every third copy names none; every ninth names a video of chB's (its own only for chB's copies).
      reference_video_id: i % 3 === 2 ? null : ((i % 9 === 0 ? videosOf(chB.id) : videosOf(owner.id))[i % 2] ?? null),
      country_code: COUNTRIES[i % COUNTRIES.length] ?? 'US',
      views: 100 + ((i * 7919) % 5000),
      earnings_micros: blocked ? 0 : 1_000_003 * (i + 1) + 17,
      claim_status: blocked ? 'blocked' : 'claimed',
      detected_on: `2026-0${month}-${String(day).padStart(2, '0')}`,
    });
  }
  await insertPartnerRows(
    'illegal_copies',
    copies.map((c, i) => ({ ...c, claim_id: `claim-${base + i}` }) as Row),
  );
  return {
    a: { ...ua, session: await signIn(ua.email, ua.password ?? '') },
    b: { ...ub, session: await signIn(ub.email, ub.password ?? '') },
    ch1,
    ch2,
    ugc,
    chB,
    titles,
    videos,
    copies,
  };
}

/** Copies of the given channels found in [from, to] (every day when not given). */
export function copiesOf(world: IllegalWorld, channels: number[], from = '0000-01-01', to = '9999-12-31'): CopyFixture[] {
  return world.copies.filter((c) => channels.includes(c.channel_id) && c.detected_on >= from && c.detected_on <= to);
}

export const dollars = (micros: number): number => Math.round(micros / 10_000) / 100;
