// A small partner world for the stats tests: two users, channels granted differently, facts at every grain.
import { env } from 'cloudflare:test';
import { createUser, type TestUser } from '../factories';
import { signIn } from '../http';
import { copyNetworkCatalogue, factsDb, insertPartnerRows, refreshPartnerRollups } from '../partner-facts';
import { daysBetween, insertRows, type Row } from '../rollup/factory';

export const FIRST_DAY = '2025-11-20';
export const LAST_DAY = '2026-03-10';
/** No channel has a row on this day: its buckets must come back as 0. */
export const GAP_DAY = '2026-01-10';
const CREATED_AT = 1_700_000_000;

export interface WorldChannel {
  id: number;
  key: string;
  inhouse: boolean;
  ugc: boolean;
}

export interface World {
  networkId: number;
  a: TestUser & { session: string };
  b: TestUser & { session: string };
  /** A sees every channel of network 1 (ch1, ch2, in-house, UGC); B sees chB and ch2. */
  ch1: WorldChannel;
  ch2: WorldChannel;
  inhouse: WorldChannel;
  ugc: WorldChannel;
  chB: WorldChannel;
  titles: [number, number];
  /** Where network 1's facts live: its store on a split install, else the shared D1 (chB's are always there). */
  facts: D1Database;
  daily: Row[];
  country: Row[];
  title: Row[];
  finance: Row[];
  audience: Row[];
}

let sequence = 0;

async function channel(networkId: number | null, options: { inhouse?: boolean; ugc?: boolean } = {}): Promise<WorldChannel> {
  sequence += 1;
  const key = options.ugc ? null : `UC${String(sequence).padStart(22, 'x')}`;
  const row = await env.DB.prepare(
    `INSERT INTO channels (youtube_id, title, thumbnail_url, network_id, is_inhouse, is_ugc, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(
      key,
      `Channel ${sequence}`,
      `https://img.example/${sequence}.png`,
      networkId,
      options.inhouse ? 1 : 0,
      options.ugc ? 1 : 0,
      CREATED_AT,
    )
    .first<{ id: number }>();
  if (!row) throw new Error('channel insert failed');
  return { id: row.id, key: key ?? 'ugc', inhouse: options.inhouse ?? false, ugc: options.ugc ?? false };
}

/** Deterministic metrics of one fact row; revenue is not a whole number of cents, to test rounding. */
export function metrics(seed: number): Row {
  const views = 1000 + ((seed * 7919) % 4001);
  return {
    views,
    watch_time_minutes: views * 3 + (seed % 11),
    likes: Math.floor(views / 40),
    dislikes: (seed % 9) - 2,
    comments: seed % 23,
    subscribers_gained: 5 + (seed % 13),
    subscribers_lost: seed % 4,
    partner_revenue_micros: views * 1234 + seed * 17,
  };
}

/** Deterministic thumbnail impressions and clicks (4–12 % CTR): the channel and title grains only hold reach. */
export function reach(seed: number): Row {
  const impressions = 10_000 + ((seed * 6151) % 30_011);
  return { impressions, impression_clicks: Math.floor((impressions * (4 + (seed % 9))) / 100) };
}

/** Builds the world, loads facts at all three grains and refreshes the monthly rollups. */
export async function buildWorld(): Promise<World> {
  const net = await env.DB.prepare("INSERT INTO networks (slug, name, is_partner, created_at) VALUES (?, 'Net', 1, ?) RETURNING id")
    .bind(`net-${++sequence}`, CREATED_AT)
    .first<{ id: number }>();
  const networkId = net?.id ?? 0;
  const ch1 = await channel(networkId);
  const ch2 = await channel(networkId);
  const inhouse = await channel(networkId, { inhouse: true });
  const ugc = await channel(networkId, { ugc: true });
  const chB = await channel(null);
  const titles: [number, number] = [0, 0];
  for (const i of [0, 1]) {
    const row = await env.DB.prepare('INSERT INTO titles (title, icon_url, created_at) VALUES (?, ?, ?) RETURNING id')
      .bind(`Show ${i + 1}`, `https://img.example/t${i}.png`, CREATED_AT)
      .first<{ id: number }>();
    titles[i] = row?.id ?? 0;
  }
  const ua = await createUser({ showTitle: true });
  const ub = await createUser();
  await env.DB.prepare('INSERT INTO network_grants (user_id, network_id, created_at) VALUES (?, ?, ?)')
    .bind(ua.id, networkId, CREATED_AT)
    .run();
  await insertRows(
    'channel_grants',
    [ub.id, ub.id].map((userId, i) => ({ user_id: userId, channel_id: i ? ch2.id : chB.id, created_at: CREATED_AT })),
  );

  const world: World = {
    networkId,
    a: { ...ua, session: '' },
    b: { ...ub, session: '' },
    ch1,
    ch2,
    inhouse,
    ugc,
    chB,
    titles,
    facts: factsDb(networkId),
    daily: [],
    country: [],
    title: [],
    finance: [],
    audience: [],
  };
  const days = daysBetween(FIRST_DAY, LAST_DAY).filter((d) => d !== GAP_DAY);
  let seed = 1;
  for (const ch of [ch1, ch2, inhouse, ugc, chB]) {
    days.forEach((day, i) => {
      world.daily.push({ channel_id: ch.id, day, ...metrics(seed), ...reach(seed++) });
      for (const country of i % 3 === 0 ? ['US', 'DE', 'FR'] : ['US', 'BR'])
        world.country.push({ channel_id: ch.id, day, country_code: country, ...metrics(seed++) });
      for (const [t, type] of [
        [titles[0], 'full'],
        [titles[0], 'short'],
        [titles[1], 'full'],
      ] as const) {
        if (ch.id === ch2.id && t === titles[0]) continue;
        world.title.push({ channel_id: ch.id, day, title_id: t, video_type: type, ...metrics(seed), ...reach(seed++) });
      }
    });
  }
  await insertPartnerRows('channel_daily', world.daily);
  await insertPartnerRows('channel_country_daily', world.country);
  await insertPartnerRows('channel_title_daily', world.title);
  await refreshPartnerRollups({ channelDays: world.daily.map((r) => ({ channelId: Number(r.channel_id), day: String(r.day) })) });

  for (const [month, channels] of [
    ['2025-12', [ch1, ch2, inhouse, ugc]],
    ['2026-01', [ch1, ch2, inhouse, ugc]],
    ['2026-02', [ch1]],
  ] as const) {
    for (const ch of channels)
      world.finance.push({
        channel_id: ch.id,
        month,
        revenue_micros: 40_000_000 + ch.id * 1_234_567,
        adjustment_micros: -ch.id * 10_001,
        finalized_at: CREATED_AT,
      });
  }
  await insertPartnerRows('channel_finance_monthly', world.finance);
  const ages = ['13-17', '18-24', '25-34', '35-44', '45-54', '55-64', '65+'];
  for (const ch of [ch1, ch2, inhouse, ugc, chB]) {
    for (const month of ['2026-01', '2026-02']) {
      ages.forEach((age, i) =>
        ['male', 'female', 'user_specified'].forEach((gender, g) => {
          world.audience.push({
            channel_id: ch.id,
            month,
            age_group: age,
            gender,
            views: ((ch.id * 31 + i * 17 + g * 101) % 500) + (gender === 'user_specified' ? 1 : 50),
          });
        }),
      );
    }
  }
  await insertPartnerRows('channel_audience_monthly', world.audience);
  await insertRows('videos', [
    {
      video_id: 'vid00000001',
      channel_id: ch1.id,
      title_id: titles[0],
      video_title: 'One',
      published_at: Date.parse('2026-02-03T10:00:00Z') / 1000,
      type: 'full',
    },
    {
      video_id: 'vid00000002',
      channel_id: ch1.id,
      title_id: titles[0],
      video_title: 'Two',
      published_at: Date.parse('2026-02-20T10:00:00Z') / 1000,
      type: 'short',
    },
    {
      video_id: 'vid00000003',
      channel_id: ch2.id,
      title_id: titles[1],
      video_title: 'Three',
      published_at: Date.parse('2026-01-05T10:00:00Z') / 1000,
      type: 'full',
    },
    {
      video_id: 'vid00000004',
      channel_id: chB.id,
      title_id: titles[0],
      video_title: 'Four',
      published_at: Date.parse('2026-02-05T10:00:00Z') / 1000,
      type: 'full',
    },
  ]);
  // The videos' copies in the network's store (its titles are copied with them).
  await copyNetworkCatalogue(networkId);
  world.a.session = await signIn(ua.email, ua.password ?? '');
  world.b.session = await signIn(ub.email, ub.password ?? '');
  return world;
}

/** Sum of a metric over rows matching a predicate (net subscribers for 'subscribers'). */
export function sum(rows: Row[], metric: string, where: (r: Row) => boolean): number {
  return rows
    .filter(where)
    .reduce((s, r) => s + (metric === 'subscribers' ? Number(r.subscribers_gained) - Number(r.subscribers_lost) : Number(r[metric])), 0);
}

/** Micro-USD to dollars with cents, as the API answers. */
export const dollars = (micros: number): number => Math.round(micros / 10_000) / 100;

/** Row predicate: channel in the list and day in [from, to]. */
export const within = (channels: number[], from: string, to: string) => (r: Row) =>
  channels.includes(Number(r.channel_id)) && String(r.day) >= from && String(r.day) <= to;
