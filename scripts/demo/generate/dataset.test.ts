import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateRecords } from './dataset';
import { SCALES } from './scale';
import { PINNED_TODAY, tinyTables } from './test-dataset';

const tables = tinyTables();

function digest(seed: number): string {
  const hash = createHash('sha256');
  for (const record of generateRecords({ seed, today: PINNED_TODAY, scale: SCALES.tiny })) hash.update(JSON.stringify(record));
  return hash.digest('hex');
}

describe('determinism', () => {
  const first = digest(7);

  it('gives identical records for the same seed and today', () => {
    expect(digest(7)).toBe(first);
  });

  it('gives different records for another seed', () => {
    expect(digest(8)).not.toBe(first);
  });
});

describe('dates relative to today (2026-03-04)', () => {
  it('ends partner facts two days before today and starts them factDays earlier', () => {
    const days = tables.channel_daily.map((row) => row.day).sort();
    expect(days.at(-1)).toBe('2026-03-02');
    // 100 days back from 2026-03-02 inclusive.
    expect(days[0]).toBe('2025-11-23');
    expect(tables.channel_country_daily.every((row) => row.day <= '2026-03-02')).toBe(true);
    expect(tables.channel_title_daily.every((row) => row.day <= '2026-03-02')).toBe(true);
  });

  it('takes public snapshots up to yesterday, 90 per tracked channel', () => {
    const days = tables.channel_snapshots.map((row) => row.day).sort();
    expect(days[0]).toBe('2025-12-04');
    expect(days.at(-1)).toBe('2026-03-03');
    const perChannel = new Map<number, number>();
    for (const row of tables.channel_snapshots) perChannel.set(row.channelId, (perChannel.get(row.channelId) ?? 0) + 1);
    expect(new Set(perChannel.values())).toEqual(new Set([90]));
  });

  it('keeps 13 months of history, the current month last', () => {
    const months = [...new Set(tables.channel_history_monthly.map((row) => row.month))].sort();
    expect(months).toHaveLength(13);
    expect(months[0]).toBe('2025-03');
    expect(months.at(-1)).toBe('2026-03');
  });

  it('never stores a trend hour or a broadcast start after today 00:00 UTC', () => {
    const midnight = Date.parse('2026-03-04T00:00:00Z') / 1000;
    const hours = tables.trend_positions.map((row) => row.hour);
    expect(Math.max(...hours)).toBe(midnight);
    expect(Math.min(...hours)).toBe(midnight - (24 - 1) * 3600);
    expect(tables.live_broadcasts.every((row) => row.startedAt < midnight)).toBe(true);
    expect(tables.live_broadcasts.some((row) => row.endedAt === null)).toBe(true);
  });

  it('finalizes finance only for months before the last closed one', () => {
    const months = new Set(tables.channel_finance_monthly.map((row) => row.month));
    expect([...months].sort()).toEqual(['2025-12', '2026-01']);
  });
});

describe('money', () => {
  it('is always a whole number of micro-USD', () => {
    const amounts = [
      ...tables.channel_daily.map((row) => row.partnerRevenueMicros),
      ...tables.channel_country_daily.map((row) => row.partnerRevenueMicros),
      ...tables.channel_title_daily.map((row) => row.partnerRevenueMicros),
      ...tables.channel_finance_monthly.flatMap((row) => [row.revenueMicros, row.adjustmentMicros, row.shortsMicros]),
      ...tables.channel_claim_revenue_monthly.map((row) => row.revenueMicros),
      ...tables.illegal_copies.map((row) => row.earningsMicros),
      ...tables.channel_history_monthly.map((row) => row.earningsMicros),
      ...tables.channel_now.map((row) => row.earningsMicros),
    ];
    expect(amounts.length).toBeGreaterThan(1000);
    expect(amounts.every((value) => Number.isSafeInteger(value))).toBe(true);
  });

  it('splits finance by kind: Shorts as the estimates split, claims within the UGC channel month', () => {
    const ugc = new Set(tables.channels.filter((c) => c.isUgc === 1).map((c) => c.id));
    // The estimates' Shorts share of each channel month, from the title grain.
    const estimates = new Map<string, { all: number; shorts: number }>();
    for (const r of tables.channel_daily) {
      const e = estimates.get(`${r.channelId}|${r.day.slice(0, 7)}`) ?? { all: 0, shorts: 0 };
      e.all += r.partnerRevenueMicros;
      estimates.set(`${r.channelId}|${r.day.slice(0, 7)}`, e);
    }
    for (const r of tables.channel_title_daily.filter((t) => t.videoType === 'short')) {
      const e = estimates.get(`${r.channelId}|${r.day.slice(0, 7)}`);
      if (e) e.shorts += r.partnerRevenueMicros;
    }
    for (const f of tables.channel_finance_monthly) {
      const e = estimates.get(`${f.channelId}|${f.month}`) ?? { all: 0, shorts: 0 };
      const share = ugc.has(f.channelId) || e.all === 0 ? 0 : e.shorts / e.all;
      expect(f.shortsMicros, `${f.channelId} ${f.month}`).toBe(Math.round(f.revenueMicros * share));
      expect(f.shortsMicros).toBeGreaterThanOrEqual(0);
      expect(f.shortsMicros).toBeLessThanOrEqual(f.revenueMicros);
    }
    expect(tables.channel_finance_monthly.some((f) => f.shortsMicros > 0)).toBe(true);

    const owners = new Set(tables.illegal_copies.filter((c) => c.claimStatus === 'claimed').map((c) => c.channelId));
    const claims = tables.channel_claim_revenue_monthly;
    expect(claims.length).toBeGreaterThan(0);
    expect(claims.every((c) => owners.has(c.channelId) && !ugc.has(c.channelId) && c.revenueMicros > 0)).toBe(true);
    for (const f of tables.channel_finance_monthly.filter((r) => ugc.has(r.channelId))) {
      const claimed = claims.filter((c) => c.month === f.month).reduce((s, c) => s + c.revenueMicros, 0);
      expect(claimed).toBeLessThanOrEqual(f.revenueMicros);
    }
  });

  it('earns nothing on blocked copies', () => {
    const blocked = tables.illegal_copies.filter((row) => row.claimStatus === 'blocked');
    expect(blocked.length).toBeGreaterThan(0);
    expect(blocked.every((row) => row.earningsMicros === 0)).toBe(true);
  });
});
