// A partner world split by network, for the fan-out tests: two networks each in its own store, a channel
// of no network in the shared D1, and a reference database holding everything (grants included), the
// way one shared D1 holds it on a default install. Each test file builds its own ids, since storage is
// not reset between tests.
import { env } from 'cloudflare:test';
import { refreshRollups } from '../../src/server/ingest/rollup/index';
import { objectDb } from '../../src/server/partner-store/object-db';
import { partnerDb } from '../../src/server/partner-store';
import type { StoreCaller } from '../../src/server/partner-store/object-db';
import { createUser, sessionUserOf } from '../integration/factories';
import { insertRows as insertInto } from '../integration/rollup/factory';
import type { SessionUser } from '../../src/server/auth/session-user';

type Value = string | number | null;
export type Row = Record<string, Value>;

export const FIRST_DAY = '2025-11-20';
export const LAST_DAY = '2026-03-10';
const CREATED_AT = 1_700_000_000;

/** The install's settings when partner facts are split: what statsDbFor reads. */
export const splitEnv = { ...env, PARTNER_STORE: 'objects' };

export interface SplitWorld {
  /** Holds every row of every network and the grants: the default install's one database. */
  reference: D1Database;
  /** Owner of network one: one store answers. */
  owner: SessionUser;
  /** Network one whole, one channel of network two and the channel of no network: three stores answer. */
  spanning: SessionUser;
  networks: [number, number];
  channels: { one: number[]; two: number[]; none: number };
  inhouse: number;
  daily: Row[];
  /** Views by traffic source per channel and day. */
  traffic: Row[];
  /** YouTube search terms per channel and day, '' the rest. */
  searchTerms: Row[];
  copies: Row[];
}

/** The rollup tests' row insert (one JSON parameter, as the loaders write), into any database. */
const insertRows = (db: D1Database, table: string, rows: Row[]) => insertInto(table, rows, false, db);

function days(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

function metrics(seed: number): Row {
  const views = 1000 + ((seed * 7919) % 4001);
  return {
    views,
    watch_time_minutes: views * 3 + (seed % 11),
    likes: Math.floor(views / 40),
    dislikes: seed % 7,
    comments: seed % 23,
    subscribers_gained: 5 + (seed % 13),
    subscribers_lost: seed % 4,
    partner_revenue_micros: views * 1234 + seed * 17,
  };
}

/** Rows of a table that belong to some channels. */
const ofChannels = (rows: Row[], ids: number[]) => rows.filter((r) => ids.includes(Number(r.channel_id)));

/**
 * Builds the world from `base` (ids base+1...). Every database gets the catalogue rows it would hold:
 * the shared D1 all of them, a network's store its own network, channels, titles and videos. `spread`:
 * network one over three stores (docs/partner-store.md, "A network larger than one store"), a channel in
 * each bucket, so its owner's reads go to three stores and the spanning user's to five.
 */
export async function buildSplitWorld(base: number, options: { spread?: boolean } = {}): Promise<SplitWorld> {
  // Storage is not restored between the files here: two files whose ids meet would write into each other's rows.
  const taken = await env.DB.prepare('SELECT id FROM networks WHERE id = ?')
    .bind(base + 1)
    .first();
  if (taken)
    throw new Error(
      `buildSplitWorld(${base}): network ${base + 1} exists already, so another test file uses these ids; give this file a base of its own.`,
    );
  const networks: [number, number] = [base + 1, base + 2];
  const one = [base + 11, base + 12, base + 13];
  const two = [base + 21, base + 22];
  const none = base + 31;
  const inhouse = base + 13;
  const networkOf = new Map<number, number | null>([
    ...one.map((c) => [c, networks[0]] as const),
    ...two.map((c) => [c, networks[1]] as const),
    [none, null],
  ]);
  const reference = objectDb(env.NETWORK_STORE!.get(env.NETWORK_STORE!.idFromName(`reference-${base}`)) as unknown as StoreCaller);

  const networkRows: Row[] = networks.map((id) => ({
    id,
    slug: `split-${id}`,
    name: `Network ${id}`,
    is_partner: 1,
    created_at: CREATED_AT,
  }));
  // Spread, network one's channels in buckets 0, 1 and 2.
  const bucketOf = (id: number) => (options.spread ? Math.max(one.indexOf(id), 0) : 0);
  const channelRows: Row[] = [...networkOf].map(([id, network]) => ({
    id,
    store_bucket: bucketOf(id),
    youtube_id: `UC${String(id).padStart(22, '0')}`,
    title: `Channel ${id}`,
    thumbnail_url: `https://img.example/${id}.png`,
    network_id: network,
    is_inhouse: id === inhouse ? 1 : 0,
    created_at: CREATED_AT,
  }));
  const titleRows: Row[] = [
    { id: base + 41, title: 'Show one', network_id: networks[0], created_at: CREATED_AT },
    { id: base + 42, title: 'Show two', network_id: networks[1], created_at: CREATED_AT },
  ];
  const titleOf = (channel: number) => (networkOf.get(channel) === networks[1] ? base + 42 : base + 41);
  const videoRows: Row[] = [...networkOf.keys()].flatMap((channel, i) =>
    ['2026-01-05', '2026-02-03'].map((day, k) => ({
      video_id: `v${String(channel).padStart(8, '0')}${k}${i % 10}`,
      channel_id: channel,
      title_id: networkOf.get(channel) === null ? null : titleOf(channel),
      video_title: `Video ${channel}-${k}`,
      published_at: Date.parse(`${day}T10:00:00Z`) / 1000,
      type: k ? 'short' : 'full',
    })),
  );

  // Copies found on every channel: ids given (ties in a sort break by id), titles differing in case only
  // (NOCASE sorts), views with ties, blocked ones earning nothing.
  const copies: Row[] = [...networkOf.keys()].flatMap((channel, c) =>
    Array.from({ length: 37 }, (_, k) => {
      const n = c * 37 + k;
      const blocked = k % 5 === 0;
      return {
        id: base + 1000 + n,
        claim_id: `claim-${base}-${n}`,
        video_id: `c${String(Math.floor(base / 1000) % 1000).padStart(3, '0')}${String(n).padStart(7, '0')}`,
        video_title: `${k % 2 ? 'copy' : 'Copy'} ${String.fromCharCode(97 + (n % 26))} ${n % 7}`,
        uploader_youtube_id: `UC${String(n % 11).padStart(22, 'u')}`,
        uploader_title: `Uploader ${n % 11}`,
        channel_id: channel,
        title_id: networkOf.get(channel) === null || k % 4 === 0 ? null : titleOf(channel),
        country_code: ['US', 'BR', 'DE', 'IN', 'JP'][n % 5] ?? 'US',
        views: 1000 * (n % 9) + (n % 3),
        earnings_micros: blocked ? 0 : 250_000 * (n % 13),
        claim_status: blocked ? 'blocked' : 'claimed',
        detected_on: days('2026-01-01', '2026-03-10')[(n * 7) % 69] ?? '2026-01-01',
      };
    }),
  );

  const daily: Row[] = [];
  const country: Row[] = [];
  const title: Row[] = [];
  const format: Row[] = [];
  const audience: Row[] = [];
  const finance: Row[] = [];
  // Views by traffic source: the same source codes in every store, so the stores' rows add up per source.
  const traffic: Row[] = [];
  const titleTraffic: Row[] = [];
  // Search terms from one vocabulary of 60 across every store (more than the call lists), so a term's rows
  // add up across stores before the top 50 are cut.
  const searchTerms: Row[] = [];
  let seed = base;
  for (const channel of networkOf.keys()) {
    days(FIRST_DAY, LAST_DAY).forEach((day, i) => {
      daily.push({ channel_id: channel, day, ...metrics(seed++) });
      for (const k of [0, 1, 2, 3]) {
        const term = k === 3 ? '' : `term ${(seed * 7 + k * 13) % 60}`;
        searchTerms.push({ channel_id: channel, day, term, views: 5 + ((seed * 13 + k) % 90), watch_time_minutes: 3 + ((seed + k) % 40) });
      }
      for (const source of i % 4 === 0 ? [3, 5, 24] : [3, 7]) {
        const views = 100 + ((seed * 31 + source) % 400);
        traffic.push({ channel_id: channel, day, source_type: source, views, engaged_views: views - 7, watch_time_minutes: views * 2 });
        if (networkOf.get(channel) !== null)
          titleTraffic.push({
            channel_id: channel,
            day,
            title_id: titleOf(channel),
            video_type: source === 24 ? 'short' : 'full',
            source_type: source,
            views: Math.floor(views / 2),
            engaged_views: Math.floor(views / 3),
            watch_time_minutes: views,
          });
        seed++;
      }
      for (const code of i % 3 === 0 ? ['US', 'DE', 'FR'] : ['US', 'BR', channel % 2 ? 'JP' : 'IN'])
        country.push({ channel_id: channel, day, country_code: code, ...metrics(seed++) });
      for (const type of i % 2 ? ['full', 'short', 'channel'] : ['short', 'live']) {
        const row = metrics(seed++);
        format.push({ channel_id: channel, day, video_type: type, ...row, engaged_views: Math.floor(Number(row.views) * 0.6) });
      }
      if (networkOf.get(channel) !== null)
        for (const type of ['full', 'short'])
          title.push({ channel_id: channel, day, title_id: titleOf(channel), video_type: type, ...metrics(seed++) });
    });
    for (const month of ['2026-01', '2026-02'])
      ['13-17', '18-24', '25-34', '35-44'].forEach((age, i) =>
        ['male', 'female', 'user_specified'].forEach((gender, g) =>
          audience.push({ channel_id: channel, month, age_group: age, gender, views: ((channel * 31 + i * 17 + g * 101) % 500) + 40 }),
        ),
      );
    for (const month of ['2025-12', '2026-01'])
      if (channel !== two[1])
        finance.push({
          channel_id: channel,
          month,
          revenue_micros: 40_000_000 + (channel % 97) * 1_234_567,
          adjustment_micros: -(channel % 89) * 10_001,
          shorts_micros: (channel % 7) * 1_000_003,
          finalized_at: CREATED_AT,
        });
  }

  // Addresses of this world's own: storage (the users table too) is shared by every test file here.
  const owner = await createUser({ showTitle: true, email: `owner-${base}@example.com` });
  const spanning = await createUser({ showTitle: true, email: `spanning-${base}@example.com` });
  const users = await env.DB.prepare('SELECT * FROM users WHERE id IN (?, ?) ORDER BY id').bind(owner.id, spanning.id).all<Row>();
  const networkGrants: Row[] = [
    { user_id: owner.id, network_id: networks[0], created_at: CREATED_AT },
    { user_id: spanning.id, network_id: networks[0], created_at: CREATED_AT },
  ];
  const channelGrants: Row[] = [base + 21, none].map((channel) => ({ user_id: spanning.id, channel_id: channel, created_at: CREATED_AT }));

  /** Writes a database's share: catalogue rows, then facts, then its rollups (as the importer leaves them). */
  async function fill(db: D1Database, channels: number[], withCatalogue: boolean, withNetworks: number[]) {
    if (withCatalogue) {
      await insertRows(
        db,
        'networks',
        networkRows.filter((r) => withNetworks.includes(Number(r.id))),
      );
      await insertRows(
        db,
        'channels',
        channelRows.filter((r) => channels.includes(Number(r.id))),
      );
      await insertRows(
        db,
        'titles',
        titleRows.filter((r) => withNetworks.includes(Number(r.network_id))),
      );
      await insertRows(db, 'videos', ofChannels(videoRows, channels));
    }
    await insertRows(db, 'channel_daily', ofChannels(daily, channels));
    await insertRows(db, 'channel_country_daily', ofChannels(country, channels));
    await insertRows(db, 'channel_title_daily', ofChannels(title, channels));
    await insertRows(db, 'channel_format_daily', ofChannels(format, channels));
    await insertRows(db, 'channel_finance_monthly', ofChannels(finance, channels));
    await insertRows(db, 'channel_audience_monthly', ofChannels(audience, channels));
    await insertRows(db, 'channel_traffic_daily', ofChannels(traffic, channels));
    await insertRows(db, 'channel_title_traffic_daily', ofChannels(titleTraffic, channels));
    await insertRows(db, 'channel_search_term_daily', ofChannels(searchTerms, channels));
    await insertRows(db, 'illegal_copies', ofChannels(copies, channels));
    const channelDays = ofChannels(daily, channels).map((r) => ({ channelId: Number(r.channel_id), day: String(r.day) }));
    await refreshRollups(db, { channelDays });
  }

  // The shared D1: the whole catalogue, the users and grants, and the facts of the channel of no network.
  await insertRows(env.DB, 'networks', networkRows);
  await insertRows(env.DB, 'channels', channelRows);
  await insertRows(env.DB, 'titles', titleRows);
  await insertRows(env.DB, 'videos', videoRows);
  await insertRows(env.DB, 'network_grants', networkGrants);
  await insertRows(env.DB, 'channel_grants', channelGrants);
  await fill(env.DB, [none], false, []);
  for (const bucket of new Set(one.map(bucketOf))) {
    await fill(
      partnerDb(splitEnv, networks[0], bucket),
      one.filter((c) => bucketOf(c) === bucket),
      true,
      [networks[0]],
    );
  }
  await fill(partnerDb(splitEnv, networks[1]), two, true, [networks[1]]);
  // The reference: everything in one database, as on a default install.
  await insertRows(reference, 'users', users.results);
  await fill(reference, [...networkOf.keys()], true, networks);
  await insertRows(reference, 'network_grants', networkGrants);
  await insertRows(reference, 'channel_grants', channelGrants);

  return {
    reference,
    owner: sessionUserOf(owner, { showTitle: true }),
    spanning: sessionUserOf(spanning, { showTitle: true }),
    networks,
    channels: { one, two, none },
    inhouse,
    daily,
    traffic,
    searchTerms,
    copies,
  };
}
