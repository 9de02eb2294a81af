// The dashboard's Earnings as the account's share: finished months are the account's statement lines of
// its channels (ads, Shorts, adjustments), open months the ads share of the estimate, channels that pay
// someone else are left out and counted, the chart's days add up to the months, and the forecast follows.
// Expected figures are computed here from the world's integers, independently of the SQL.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EarningsShareAnswer, ForecastAnswer } from '../../../src/lib/api/stats';
import { addDays, monthEnd, todayUtc } from '../../../src/lib/dates/time';
import { consoleCall } from '../console/console-helpers';
import { call } from '../http';
import { insertPartnerRows, refreshPartnerRollups } from '../partner-facts';
import { daysBetween, type Row } from '../rollup/factory';
import { dollars } from '../stats/world';
import { floorShare, grossOf, type Shares } from './expect';
import { statementsWorld, type StatementsWorld, worldMonths } from './world';

const P1: Shares = { ads: 7_000, shorts: 5_000, claims: 6_000, adjustments: 10_000 };
const P2: Shares = { ads: 8_000, shorts: 8_000, claims: 8_000, adjustments: 8_000 };
const P2_CHANNEL: Shares = { ads: 9_000, shorts: 6_000, claims: 9_000, adjustments: 9_000 };

const today = todayUtc();
const { m1, m2, m3, current } = worldMonths(today);
let world: StatementsWorld;
let daily: Row[];

/** A channel's estimate of a day: odd micros, different per channel. */
const estimate = (channelId: number, i: number) => 4_000_007 + channelId * 1_013 + i * 3_001;

async function share(session: string, body: Record<string, unknown>): Promise<EarningsShareAnswer | null> {
  const res = await call('/api/stat/share', { session, body });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: EarningsShareAnswer | null }).data;
}

/** A finished month's share of the channels a partner is paid for: their statement lines without claims. */
function financeShare(month: string, paid: Array<{ channelId: number; shares: Shares }>): number {
  let sum = 0;
  for (const { channelId, shares } of paid) {
    const gross = grossOf(world, channelId, month);
    sum += floorShare(gross.ads, shares.ads) + floorShare(gross.shorts, shares.shorts) + floorShare(gross.adjustments, shares.adjustments);
  }
  return sum;
}

/** The channel's estimates summed over [from, to]. */
const estimated = (channelId: number, from: string, to: string) =>
  daily
    .filter((r) => r.channel_id === channelId && String(r.day) >= from && String(r.day) <= to)
    .reduce((s, r) => s + Number(r.partner_revenue_micros), 0);

/** Finance of a channel month as the dashboard shows it: revenue and adjustments. */
const financeOf = (channelId: number, month: string) => {
  const f = world.finance.find((r) => r.channel_id === channelId && r.month === month)!;
  return f.revenue_micros + f.adjustment_micros;
};

beforeAll(async () => {
  world = await statementsWorld();
  const [p1, p2] = world.partners;
  const terms = [
    { email: p1!.user.email, effective_from: m1, shares: P1 },
    { email: p2!.user.email, effective_from: m1, shares: P2 },
    { email: p2!.user.email, channel: p2!.channels[0]!.youtubeId, effective_from: m2, shares: P2_CHANNEL },
  ];
  for (const body of terms) {
    const res = await consoleCall(world.staff.session, `/money/networks/${world.networkId}/contracts`, { body });
    expect(res.status).toBe(201);
  }
  daily = [];
  const channels = world.partners.flatMap((p) => p.channels.map((c) => c.id));
  for (const channelId of channels) {
    daysBetween(`${m1}-01`, today).forEach((day, i) =>
      daily.push({ channel_id: channelId, day, views: 10, partner_revenue_micros: estimate(channelId, i) }),
    );
  }
  await insertPartnerRows('channel_daily', daily);
  await refreshPartnerRollups({ channelDays: daily.map((r) => ({ channelId: Number(r.channel_id), day: String(r.day) })) });
});

describe('the dashboard share', () => {
  it('is the statement lines of finished months, by month, with the channels paying someone else left out', async () => {
    const [p1] = world.partners;
    const own = p1!.channels.map((c) => ({ channelId: c.id, shares: P1 }));
    const answer = await share(p1!.session, { date_from: `${m1}-01`, date_to: monthEnd(m3), chart_period: 'month' });
    const byMonth = [m1, m2, m3].map((m) => financeShare(m, own));
    expect(answer).not.toBeNull();
    expect(answer!.share.map((p) => p.value)).toEqual(byMonth.map(dollars));
    const total = byMonth.reduce((a, b) => a + b, 0);
    expect(answer!.sum_share).toBe(dollars(total));
    expect([answer!.finance, answer!.estimate]).toEqual([dollars(total), 0]);
    // The shared channel pays nobody in m1 (two accounts' terms) and the second partner from m2 (its own row).
    const shared = world.partners[1]!.channels[0]!.id;
    expect(answer!.not_covered).toEqual({ channels: 1, earnings: dollars([m1, m2, m3].reduce((s, m) => s + financeOf(shared, m), 0)) });
    expect(answer!.default_view).toBe('gross');
  });

  it('gives the second partner its own terms and the channel row from the month it starts', async () => {
    const p2 = world.partners[1]!;
    const answer = await share(p2.session, { date_from: `${m1}-01`, date_to: monthEnd(m3), chart_period: 'month' });
    const paid = (m: string) => [
      { channelId: p2.channels[1]!.id, shares: P2 },
      ...(m >= m2 ? [{ channelId: p2.channels[0]!.id, shares: P2_CHANNEL }] : []),
    ];
    expect(answer!.share.map((p) => p.value)).toEqual([m1, m2, m3].map((m) => dollars(financeShare(m, paid(m)))));
    expect(answer!.not_covered).toEqual({ channels: 1, earnings: dollars(financeOf(p2.channels[0]!.id, m1)) });
  });

  it('spreads each month over its days: the days of a month add up to it', async () => {
    const p1 = world.partners[0]!;
    const own = p1.channels.map((c) => ({ channelId: c.id, shares: P1 }));
    const answer = await share(p1.session, { date_from: `${m2}-01`, date_to: monthEnd(m3), chart_period: 'days' });
    for (const m of [m2, m3]) {
      const days = answer!.share.filter((p) => p.date.startsWith(m));
      const sum = days.reduce((s, p) => s + p.value, 0);
      // Each day is rounded to the cent on its own: the month's days may miss it by half a cent each.
      expect(Math.abs(sum - dollars(financeShare(m, own)))).toBeLessThanOrEqual(days.length * 0.005 + 1e-9);
    }
    expect(answer!.sum_share).toBe(dollars(financeShare(m2, own) + financeShare(m3, own)));
  });

  it('applies the ads share to an open month, and the forecast follows it', async () => {
    const p1 = world.partners[0]!;
    const from = `${current}-01`;
    const answer = await share(p1.session, { date_from: from, date_to: today, chart_period: 'days' });
    const expected = p1.channels.reduce((s, c) => s + floorShare(estimated(c.id, from, today), P1.ads), 0);
    expect([answer!.sum_share, answer!.finance, answer!.estimate]).toEqual([dollars(expected), 0, dollars(expected)]);
    const res = await call('/api/stat/forecast', { session: p1.session, body: {} });
    const forecast = ((await res.json()) as { data: ForecastAnswer | null }).data;
    // The forecast needs the latest day in this month (always: the world's days run to today).
    expect(forecast?.share?.month_to_date).toBe(dollars(expected));
    const earned =
      p1.channels.reduce((s, c) => s + estimated(c.id, from, today), 0) + estimated(world.partners[1]!.channels[0]!.id, from, today);
    expect(forecast!.share!.forecast).toBe(Math.round((forecast!.forecast * expected * 100) / earned) / 100);
  });

  it('is null for an account without terms, and follows the network default', async () => {
    const p1 = world.partners[0]!;
    const body = { date_from: addDays(today, -30), date_to: today };
    await env.DB.prepare('DELETE FROM revenue_contracts WHERE user_id = ?').bind(p1.user.id).run();
    expect(await share(p1.session, body)).toBeNull();
    await env.DB.prepare("UPDATE networks SET partner_earnings = 'share' WHERE id = ?").bind(world.networkId).run();
    expect((await share(world.partners[1]!.session, body))!.default_view).toBe('share');
  });
});
