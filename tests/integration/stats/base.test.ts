// POST /api/stat/base and /base/subscribers/total against sums of the rows the world inserted.
import { beforeEach, describe, expect, it } from 'vitest';
import type { BaseAnswer, SubscribersTotalAnswer } from '../../../src/lib/api/stats';
import { call } from '../http';
import { buildWorld, dollars, GAP_DAY, sum, within, type World } from './world';

let w: World;
beforeEach(async () => {
  w = await buildWorld();
});

/** A channel's statement for a month (revenue + adjustments), or null. */
function statementOf(channel: number, month: string): number | null {
  const row = w.finance.find((r) => Number(r.channel_id) === channel && r.month === month);
  return row ? Number(row.revenue_micros) + Number(row.adjustment_micros) : null;
}

/**
 * Earnings (micro-USD) of channels over [from, to]: a whole month's statement where the channel has one,
 * else the estimate of its days in the range.
 */
function earned(channels: number[], from: string, to: string): number {
  let total = 0;
  for (const channel of channels) {
    for (const month of ['2025-11', '2025-12', '2026-01', '2026-02', '2026-03']) {
      const first = `${month}-01`;
      const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5)), 0)).toISOString().slice(0, 10);
      const statement = from <= first && to >= last ? statementOf(channel, month) : null;
      total += statement ?? sum(w.daily, 'partner_revenue_micros', within([channel], from > first ? from : first, to < last ? to : last));
    }
  }
  return total;
}

async function base(session: string, body: Record<string, unknown>): Promise<BaseAnswer> {
  const res = await call('/api/stat/base', { session, body });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: BaseAnswer }).data;
}

describe('stat/base', () => {
  it('sums the visible channels and fills the day without facts with 0', async () => {
    const a = [w.ch1.id, w.ch2.id, w.inhouse.id, w.ugc.id];
    const data = await base(w.a.session, { date_from: '2026-01-05', date_to: '2026-01-18' });
    const inRange = within(a, '2026-01-05', '2026-01-18');
    expect(data.sum_views).toBe(sum(w.daily, 'views', inRange));
    expect(data.sum_partner_revenue).toBe(dollars(sum(w.daily, 'partner_revenue_micros', inRange)));
    expect(data.sum_subscribers).toBe(sum(w.daily, 'subscribers', inRange));
    expect(data.sum_subscribers_gained).toBe(sum(w.daily, 'subscribers_gained', inRange));
    expect(data.sum_subscribers_lost).toBe(sum(w.daily, 'subscribers_lost', inRange));
    const day = within(a, '2026-01-11', '2026-01-11');
    expect(data.subscribers_gained.find((p) => p.date === '2026-01-11')?.value).toBe(sum(w.daily, 'subscribers_gained', day));
    expect(data.subscribers_lost.find((p) => p.date === '2026-01-11')?.value).toBe(sum(w.daily, 'subscribers_lost', day));
    expect(data.sum_watch_time).toBe(sum(w.daily, 'watch_time_minutes', inRange));
    expect(data.views).toHaveLength(14);
    expect(data.views.find((p) => p.date === GAP_DAY)).toEqual({ date: GAP_DAY, value: 0, range: { from: GAP_DAY, to: GAP_DAY } });
    expect(data.views.find((p) => p.date === '2026-01-11')?.value).toBe(sum(w.daily, 'views', within(a, '2026-01-11', '2026-01-11')));
    expect(data.compare).toBeNull();
    expect(data.earnings).toMatchObject({
      finance: 0,
      estimate: data.sum_partner_revenue,
      months: [{ month: '2026-01', basis: 'estimate' }],
    });
  });

  it('buckets by Monday weeks and by months', async () => {
    const a = [w.ch1.id, w.ch2.id, w.inhouse.id, w.ugc.id];
    const weeks = await base(w.a.session, { date_from: '2026-01-07', date_to: '2026-01-31', chart_period: 'week' });
    expect(weeks.views.map((p) => p.range)).toEqual([
      { from: '2026-01-07', to: '2026-01-11' },
      { from: '2026-01-12', to: '2026-01-18' },
      { from: '2026-01-19', to: '2026-01-25' },
      { from: '2026-01-26', to: '2026-01-31' },
    ]);
    for (const p of weeks.views) expect(p.value).toBe(sum(w.daily, 'views', within(a, p.range.from, p.range.to)));
    const months = await base(w.a.session, { date_from: '2025-11-25', date_to: '2026-03-10', chart_period: 'month' });
    expect(months.partner_revenue.map((p) => p.date)).toEqual(['2025-11-25', '2025-12-01', '2026-01-01', '2026-02-01', '2026-03-01']);
    for (const p of months.partner_revenue) expect(p.value).toBe(dollars(earned(a, p.range.from, p.range.to)));
    expect(months.earnings.buckets).toEqual(['estimate', 'finance', 'finance', 'mixed', 'estimate']);
  });

  it('answers the comparison period in the same call', async () => {
    const a = [w.ch1.id, w.ch2.id, w.inhouse.id, w.ugc.id];
    const data = await base(w.a.session, {
      date_from: '2026-02-01',
      date_to: '2026-02-14',
      compare_from: '2026-01-18',
      compare_to: '2026-01-31',
    });
    const compare = within(a, '2026-01-18', '2026-01-31');
    const revenue = dollars(sum(w.daily, 'partner_revenue_micros', compare));
    expect(data.compare).toEqual({
      sum_partner_revenue: revenue,
      sum_subscribers: sum(w.daily, 'subscribers', compare),
      sum_subscribers_gained: sum(w.daily, 'subscribers_gained', compare),
      sum_subscribers_lost: sum(w.daily, 'subscribers_lost', compare),
      sum_views: sum(w.daily, 'views', compare),
      sum_watch_time: sum(w.daily, 'watch_time_minutes', compare),
      earnings: { finance: 0, estimate: revenue },
    });
  });

  it('reads long ranges from the monthly rollups with the same sums as the daily rows', async () => {
    const a = [w.ch1.id, w.ch2.id, w.inhouse.id, w.ugc.id];
    const body = { date_from: '2025-11-22', date_to: '2026-03-09' };
    const byDays = await base(w.a.session, { ...body, chart_period: 'days' });
    const byMonths = await base(w.a.session, { ...body, chart_period: 'month' });
    const compare = await base(w.a.session, {
      date_from: '2026-03-01',
      date_to: '2026-03-02',
      compare_from: body.date_from,
      compare_to: body.date_to,
    });
    const all = within(a, body.date_from, body.date_to);
    for (const data of [byDays, byMonths]) {
      expect(data.sum_views).toBe(sum(w.daily, 'views', all));
      expect(data.sum_partner_revenue).toBe(dollars(earned(a, body.date_from, body.date_to)));
    }
    expect(compare.compare).toMatchObject({
      sum_views: byDays.sum_views,
      sum_partner_revenue: byDays.sum_partner_revenue,
      sum_subscribers: byDays.sum_subscribers,
    });
  });

  it('splits the earnings into finance and estimate months', async () => {
    const a = [w.ch1.id, w.ch2.id, w.inhouse.id, w.ugc.id];
    const financeOf = (month: string) => a.reduce((s, c) => s + (statementOf(c, month) ?? 0), 0);
    const whole = await base(w.a.session, { date_from: '2025-12-01', date_to: '2026-01-31' });
    expect(whole.sum_partner_revenue).toBe(dollars(financeOf('2025-12') + financeOf('2026-01')));
    expect(whole.earnings).toMatchObject({ finance: whole.sum_partner_revenue, estimate: 0 });
    expect(whole.earnings.months.map((m) => [m.month, m.basis, m.finance])).toEqual([
      ['2025-12', 'finance', dollars(financeOf('2025-12'))],
      ['2026-01', 'finance', dollars(financeOf('2026-01'))],
    ]);
    // February has a statement for ch1 only (mixed); March is cut by the range (estimate).
    const mixed = await base(w.a.session, { date_from: '2026-01-01', date_to: '2026-03-10' });
    expect(mixed.earnings.months.map((m) => [m.month, m.basis])).toEqual([
      ['2026-01', 'finance'],
      ['2026-02', 'mixed'],
      ['2026-03', 'estimate'],
    ]);
    expect(mixed.earnings.finance).toBe(dollars(financeOf('2026-01') + financeOf('2026-02')));
    expect(mixed.sum_partner_revenue).toBe(dollars(earned(a, '2026-01-01', '2026-03-10')));
  });
});

describe('stat/base/subscribers/total', () => {
  it('is the running total since the first fact', async () => {
    const a = [w.ch1.id, w.ch2.id, w.inhouse.id, w.ugc.id];
    const res = await call('/api/stat/base/subscribers/total', {
      session: w.a.session,
      body: { date_from: '2026-02-01', date_to: '2026-02-20', chart_period: 'week' },
    });
    const { data } = (await res.json()) as { data: SubscribersTotalAnswer };
    for (const p of data.subscribers) expect(p.value).toBe(sum(w.daily, 'subscribers', within(a, '2000-01-01', p.range.to)));
    expect(data.sum_subscribers).toBe(sum(w.daily, 'subscribers', within(a, '2000-01-01', '2026-02-20')));
  });
});
