// The isolation probes' fixture world: two networks, an independent channel, titles spread across
// them, and users whose scopes differ (network, channels, in-house only, titles off, nothing).
import { env } from 'cloudflare:test';
import { refreshRollups } from '../../../src/server/ingest/rollup/index';
import { STATEMENT_MONTH } from '../../probes/isolation-requests';
import type { ModelChannel, ModelUser, ScopeWorld } from '../../probes/scope-model';
import { createUser, type UserOverrides } from '../factories';
import { signIn } from '../http';
import { insertPartnerRows } from '../partner-facts';
import { daysBetween, insertRows, type Row } from '../rollup/factory';
import { metrics } from '../stats/world';

export const FIRST_DAY = '2026-01-20';
export const LAST_DAY = '2026-03-05';
const CREATED_AT = 1_700_000_000;

export interface FuzzWorld extends ScopeWorld {
  sessions: Map<number, string>;
}

async function network(slug: string, name: string): Promise<{ id: number; slug: string; name: string }> {
  const row = await env.DB.prepare('INSERT INTO networks (slug, name, is_partner, created_at) VALUES (?, ?, 1, ?) RETURNING id')
    .bind(slug, name, CREATED_AT)
    .first<{ id: number }>();
  return { id: row?.id ?? 0, slug, name };
}

async function channel(youtubeId: string | null, title: string, networkId: number | null, inhouse = false): Promise<ModelChannel> {
  const row = await env.DB.prepare(
    `INSERT INTO channels (youtube_id, title, network_id, is_inhouse, is_ugc, created_at)
    VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(youtubeId, title, networkId, inhouse ? 1 : 0, youtubeId ? 0 : 1, CREATED_AT)
    .first<{ id: number }>();
  return { id: row?.id ?? 0, youtubeId, title, networkId, inhouse };
}

async function user(flags: UserOverrides): Promise<ModelUser> {
  const u = await createUser(flags);
  return {
    id: u.id,
    email: u.email,
    password: u.password ?? '',
    showTitle: flags.showTitle ?? false,
    onlyInhouse: flags.onlyInhouseChannels ?? false,
  };
}

const uc = (tag: string) => `UC${tag.padEnd(22, '0')}`;

/** Builds the world, loads facts at every grain for each (channel, title) pair, signs everyone in. */
export async function buildFuzzWorld(): Promise<FuzzWorld> {
  const north = await network('northwind-net', 'Northwind Media');
  const south = await network('southline-net', 'Southline Studios');
  const [n1, n2, nIn, nUgc] = [
    await channel(uc('north1'), 'Northwind Cooking', north.id),
    await channel(uc('north2'), 'Northwind Travel', north.id),
    await channel(uc('northIn'), 'Northwind House', north.id, true),
    await channel(null, 'Northwind Claims', north.id),
  ];
  const [s1, s2, sIn] = [
    await channel(uc('south1'), 'Southline Racing', south.id),
    await channel(uc('south2'), 'Southline Garden', south.id),
    await channel(uc('southIn'), 'Southline House', south.id, true),
  ];
  const solo = await channel(uc('solo1'), 'Solo Woodwork', null);
  const channels = [n1!, n2!, nIn!, nUgc!, s1!, s2!, sIn!, solo];
  const titles: ScopeWorld['titles'] = [];
  for (const name of ['Harbor Tales', 'Desert Engines', 'Quiet Forests', 'Midnight Kitchen']) {
    const row = await env.DB.prepare('INSERT INTO titles (title, icon_url, created_at) VALUES (?, ?, ?) RETURNING id')
      .bind(name, '', CREATED_AT)
      .first<{ id: number }>();
    titles.push({ id: row?.id ?? 0, name });
  }
  const [t1, t2, t3, t4] = titles.map((t) => t.id) as [number, number, number, number];
  const channelTitles = [
    [n1!, t1],
    [n2!, t1],
    [n2!, t3],
    [s1!, t2],
    [sIn!, t4],
    [solo, t3],
    [nIn!, t4],
  ].map(([c, t]) => ({ channelId: (c as ModelChannel).id, titleId: t as number }));

  const users = {
    northOwner: await user({ showTitle: true }),
    partner: await user({ showTitle: true, showAnalytics: true }),
    inhouse: await user({ onlyInhouseChannels: true, showTitle: true }),
    southOwner: await user({}),
    mixed: await user({ showTitle: true }),
    nobody: await user({ showTitle: true }),
  };
  const channelGrants = [
    { userId: users.partner.id, channelId: n1!.id },
    { userId: users.partner.id, channelId: solo.id },
    { userId: users.mixed.id, channelId: s1!.id },
    { userId: users.mixed.id, channelId: n1!.id },
    { userId: users.inhouse.id, channelId: s2!.id },
  ];
  const networkGrants = [
    { userId: users.northOwner.id, networkId: north.id },
    { userId: users.southOwner.id, networkId: south.id },
    { userId: users.inhouse.id, networkId: north.id },
    { userId: users.inhouse.id, networkId: south.id },
    { userId: users.mixed.id, networkId: north.id },
  ];
  await insertRows(
    'channel_grants',
    channelGrants.map((g) => ({ user_id: g.userId, channel_id: g.channelId, created_at: CREATED_AT })),
  );
  await insertRows(
    'network_grants',
    networkGrants.map((g) => ({ user_id: g.userId, network_id: g.networkId, created_at: CREATED_AT })),
  );
  await loadFacts(channels, channelTitles);
  await loadMoney(channels, { north: north.id, south: south.id }, users);

  const all = Object.values(users);
  const sessions = new Map<number, string>();
  for (const u of all) sessions.set(u.id, await signIn(u.email, u.password));
  return { users: all, channels, titles, networks: [north, south], channelGrants, networkGrants, channelTitles, sessions };
}

async function loadFacts(channels: ModelChannel[], pairs: Array<{ channelId: number; titleId: number }>): Promise<void> {
  const daily: Row[] = [];
  const country: Row[] = [];
  const title: Row[] = [];
  const audience: Row[] = [];
  let seed = 1;
  daysBetween(FIRST_DAY, LAST_DAY).forEach((day, i) => {
    for (const ch of channels) {
      daily.push({ channel_id: ch.id, day, ...metrics(seed++) });
      for (const code of i % 2 ? ['US', 'DE'] : ['FR', 'BR'])
        country.push({ channel_id: ch.id, day, country_code: code, ...metrics(seed++) });
      for (const p of pairs.filter((x) => x.channelId === ch.id))
        title.push({ channel_id: ch.id, day, title_id: p.titleId, video_type: i % 3 ? 'full' : 'short', ...metrics(seed++) });
    }
  });
  for (const ch of channels) {
    for (const month of ['2026-01', '2026-02'])
      audience.push({ channel_id: ch.id, month, age_group: '25-34', gender: 'female', views: 100 + ch.id });
  }
  await insertRows('channel_daily', daily);
  await insertRows('channel_country_daily', country);
  await insertRows('channel_title_daily', title);
  await insertRows('channel_audience_monthly', audience);
  await insertRows(
    'videos',
    pairs.map((p, i) => ({
      video_id: `vidfuzz${String(i).padStart(4, '0')}`,
      channel_id: p.channelId,
      title_id: p.titleId,
      video_title: `Video ${i}`,
      published_at: Date.parse('2026-02-01T10:00:00Z') / 1000,
      type: 'full',
    })),
  );
  await refreshRollups(env.DB, { channelDays: daily.map((r) => ({ channelId: Number(r.channel_id), day: String(r.day) })) });
}

/**
 * YouTube's finance of STATEMENT_MONTH for every channel, and revenue-share terms: the partner's in north
 * (n1 is also granted to mixed, so a channel row names the partner its payee), mixed's in north and
 * south, inhouse's in south. Each answer of /api/statements must name the caller's channels only.
 */
async function loadMoney(
  channels: ModelChannel[],
  networks: { north: number; south: number },
  users: Record<'partner' | 'mixed' | 'inhouse', { id: number }>,
) {
  await insertPartnerRows(
    'channel_finance_monthly',
    channels.map((ch, i) => ({
      channel_id: ch.id,
      month: STATEMENT_MONTH,
      revenue_micros: 1_000_003 * (i + 1),
      shorts_micros: 0,
      adjustment_micros: -7 * i,
      finalized_at: CREATED_AT,
    })),
  );
  const n1 = channels.find((c) => c.youtubeId === uc('north1'))!;
  const terms = (userId: number, networkId: number, channelId: number | null) => ({
    network_id: networkId,
    user_id: userId,
    channel_id: channelId,
    effective_from: '2026-01',
    ads_bps: 7000,
    shorts_bps: 7000,
    claims_bps: 7000,
    adjustments_bps: 7000,
    min_payout_micros: 0,
    created_at: CREATED_AT,
  });
  await insertRows('revenue_contracts', [
    terms(users.partner.id, networks.north, null),
    terms(users.partner.id, networks.north, n1.id),
    terms(users.mixed.id, networks.north, null),
    terms(users.mixed.id, networks.south, null),
    terms(users.inhouse.id, networks.south, null),
  ]);
}
