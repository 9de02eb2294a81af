// Network days (migration 0034): a network's channel days added up by day, kept by triggers whatever
// writes the days or moves the channels, and read by day charts for the networks a scope holds most of,
// less the channels it leaves out. Every expected figure is summed from the fixture's rows in plain code.
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { refreshRollups } from '../../../src/server/ingest/rollup/index';
import { scopeFor } from '../../../src/server/stats/filters';
import { compileStatQuery, type DayRange } from '../../../src/server/stats/query';
import { oneDatabase } from '../../../src/server/stats/stores';
import { createUser, sessionUserOf } from '../factories';
import { createChannel, createNetwork, daysBetween, dump, insertRows, type Row } from '../rollup/factory';
import { expectedDayEarnings } from './statement-shares-expect';

const CREATED_AT = 1_700_000_000;
const FIRST_DAY = '2025-01-01';
const LAST_DAY = '2025-03-20';
const RANGES: DayRange[] = [
  { from: FIRST_DAY, to: LAST_DAY },
  { from: '2025-01-20', to: '2025-03-05' },
];
/** [channel key, month] → statement micros, loaded before the rollup. */
const STATEMENTS: Array<[string, string, number]> = [
  ['a', '2025-01', 12_345_679],
  ['d', '2025-02', 9_999_991],
  ['e', '2025-01', 5_000_003],
];

type User = Awaited<ReturnType<typeof createUser>>;
interface Fixture {
  networks: { n: number; m: number };
  channels: Record<string, number>;
  days: Row[];
  statements: Map<string, number>;
  users: Record<'owner' | 'partner' | 'mixed', User>;
}
let f: Fixture;

function dayRows(channelId: number, c: number): Row[] {
  return daysBetween(FIRST_DAY, LAST_DAY).map((day, i) => ({
    channel_id: channelId,
    day,
    views: 1_000 + ((i * 31 + c * 17) % 97) * 10,
    watch_time_minutes: 500 + ((i * 7 + c) % 13),
    subscribers_gained: 5 + (i % 3) + c,
    subscribers_lost: i % 4,
    partner_revenue_micros: 40_000 + ((i * 53 + c * 29) % 101) * 1_000,
  }));
}

async function grant(table: 'channel_grants' | 'network_grants', user: User, ids: number[]): Promise<void> {
  const column = table === 'channel_grants' ? 'channel_id' : 'network_id';
  await insertRows(
    table,
    ids.map((id) => ({ user_id: user.id, [column]: id, created_at: CREATED_AT })),
  );
}

beforeEach(async () => {
  const networks = { n: await createNetwork(), m: await createNetwork() };
  const channels: Record<string, number> = {};
  for (const key of ['a', 'b', 'c', 'd']) channels[key] = await createChannel({ networkId: networks.n });
  channels.e = await createChannel();
  for (const key of ['f', 'g']) channels[key] = await createChannel({ networkId: networks.m });
  const days = Object.values(channels).flatMap((id, c) => dayRows(id, c));
  await insertRows('channel_daily', days);
  const statements = new Map<string, number>();
  for (const [key, month, micros] of STATEMENTS) {
    await insertRows('channel_finance_monthly', [
      { channel_id: channels[key]!, month, revenue_micros: micros, adjustment_micros: 0, finalized_at: CREATED_AT },
    ]);
    statements.set(`${channels[key]}|${month}`, micros);
  }
  await refreshRollups(env.DB, { channelDays: days.map((r) => ({ channelId: Number(r.channel_id), day: String(r.day) })) });
  const users = { owner: await createUser(), partner: await createUser(), mixed: await createUser() };
  await grant('network_grants', users.owner, [networks.n]);
  await grant('channel_grants', users.partner, [channels.a!]);
  // Three of the network's four channels (read as the network less d), one of none, one of the other's two.
  await grant(
    'channel_grants',
    users.mixed,
    ['a', 'b', 'c', 'e', 'f'].map((k) => channels[k]!),
  );
  f = { networks, channels, days, statements, users };
});

/** The channels a user sees now: the owner's follow the network. */
async function visible(user: User): Promise<Set<number>> {
  const { results } = await env.DB.prepare('SELECT channel_id FROM user_channels WHERE user_id = ?')
    .bind(user.id)
    .all<{ channel_id: number }>();
  return new Set(results.map((r) => r.channel_id));
}

/** The day chart the engine answers for a user: views, watch time, net subscribers, earnings and their finance part. */
async function dayChart(user: User, range: DayRange): Promise<{ sql: string; figures: Map<string, number[]> }> {
  const query = compileStatQuery({
    scope: scopeFor(sessionUserOf(user), {}),
    metrics: ['views', 'watch_time', 'subscribers', 'partner_revenue', 'partner_revenue_finance'],
    dimensions: ['time'],
    range,
    period: 'days',
    earningsRange: range,
    horizon: '2025-03-21',
  });
  const [rows = []] = await oneDatabase(env.DB).read([query]);
  const figures = new Map(
    rows.map((r) => [String(r.bucket), [r.views, r.watch_time, r.subscribers, r.partner_revenue, r.partner_revenue_finance].map(Number)]),
  );
  return { sql: query.sql, figures };
}

/** The same figures summed from the fixture's rows of the channels in the set (earnings by the documented cut). */
function expectedChart(channels: Set<number>, range: DayRange): Map<string, number[]> {
  const rows = f.days.filter((r) => channels.has(Number(r.channel_id)) && String(r.day) >= range.from && String(r.day) <= range.to);
  const statements = new Map([...f.statements].filter(([key]) => channels.has(Number(key.split('|')[0]))));
  const money = expectedDayEarnings({ channel: rows, title: [], country: [], statements }, range.from, range.to);
  const out = new Map<string, number[]>();
  for (const r of rows) {
    const day = String(r.day);
    const [views = 0, watch = 0, subs = 0] = out.get(day) ?? [];
    const net = Number(r.subscribers_gained) - Number(r.subscribers_lost);
    out.set(day, [views + Number(r.views), watch + Number(r.watch_time_minutes), subs + net]);
  }
  for (const [day, sums] of out) {
    const m = money.get(day);
    out.set(day, [...sums, m?.earnings ?? 0, m?.finance ?? 0]);
  }
  return out;
}

/** network_daily as it must be: the sums of the days of each network's channels now. */
async function expectNetworkDays(): Promise<void> {
  const { results: members } = await env.DB.prepare('SELECT id, network_id FROM channels WHERE network_id IN (?, ?)')
    .bind(f.networks.n, f.networks.m)
    .all<{ id: number; network_id: number }>();
  const networkOf = new Map(members.map((c) => [c.id, c.network_id]));
  const stored = await dump('channel_daily', 'channel_id, day');
  const want = new Map<string, number[]>();
  for (const r of stored) {
    const network = networkOf.get(Number(r.channel_id));
    if (network === undefined) continue;
    const id = `${network}|${r.day}`;
    const share = r.statement_share_micros === null ? null : Number(r.statement_share_micros);
    const [views = 0, estimate = 0, shares = 0, earnings = 0] = want.get(id) ?? [];
    const est = Number(r.partner_revenue_micros);
    want.set(id, [views + Number(r.views), estimate + est, shares + (share ?? 0), earnings + (share ?? est)]);
  }
  const got = (await dump('network_daily', 'network_id, day'))
    .filter((r) => r.network_id === f.networks.n || r.network_id === f.networks.m)
    .filter((r) => want.has(`${r.network_id}|${r.day}`) || Number(r.views) !== 0)
    .map((r): [string, number[]] => [
      `${r.network_id}|${r.day}`,
      [r.views, r.partner_revenue_micros, r.statement_share_micros, r.earnings_micros].map(Number),
    ]);
  expect(new Map(got)).toEqual(want);
}

async function expectCharts(): Promise<void> {
  for (const user of Object.values(f.users)) {
    const channels = await visible(user);
    for (const range of RANGES) expect((await dayChart(user, range)).figures).toEqual(expectedChart(channels, range));
  }
}

describe('network days', () => {
  it("hold the sums of each network's channel days, and day charts read them to the same figures", async () => {
    await expectNetworkDays();
    await expectCharts();
    expect((await dayChart(f.users.owner, RANGES[0]!)).sql).toContain('FROM network_daily');
    expect((await dayChart(f.users.owner, RANGES[0]!)).sql).not.toContain('OVER running');
  });

  it('follow days written, changed and deleted, statements that arrive, channels that move or go', async () => {
    const day = '2025-02-10';
    // Written as the importer writes days: an upsert (a REPLACE would skip the delete triggers).
    for (const row of f.days.filter((r) => r.channel_id === f.channels.d && r.day === day)) {
      row.views = Number(row.views) + 777;
      row.partner_revenue_micros = Number(row.partner_revenue_micros) + 5_555;
      await env.DB.prepare(
        `INSERT INTO channel_daily (channel_id, day, views, partner_revenue_micros) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (channel_id, day) DO UPDATE SET views = excluded.views, partner_revenue_micros = excluded.partner_revenue_micros`,
      )
        .bind(row.channel_id, day, row.views, row.partner_revenue_micros)
        .run();
    }
    await env.DB.prepare('DELETE FROM channel_daily WHERE channel_id = ? AND day = ?').bind(f.channels.b, day).run();
    f.days = f.days.filter((r) => !(r.channel_id === f.channels.b && r.day === day));
    await refreshRollups(env.DB, { channelDays: [f.channels.d!, f.channels.b!].map((channelId) => ({ channelId, day })) });
    await insertRows('channel_finance_monthly', [
      { channel_id: f.channels.c!, month: '2025-02', revenue_micros: 3_000_001, adjustment_micros: 0, finalized_at: CREATED_AT },
    ]);
    f.statements.set(`${f.channels.c}|2025-02`, 3_000_001);
    await expectNetworkDays();
    await expectCharts();

    // b joins the other network; c goes with its days.
    await env.DB.prepare('UPDATE channels SET network_id = ? WHERE id = ?').bind(f.networks.m, f.channels.b).run();
    await env.DB.prepare('DELETE FROM channels WHERE id = ?').bind(f.channels.c).run();
    f.days = f.days.filter((r) => r.channel_id !== f.channels.c);
    await expectNetworkDays();
    await expectCharts();
  });
});
