// The reconciliation property: for any contracts and any month of finance, the partners' amounts plus what
// the network keeps equal the network's finance total to the micro.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REVENUE_KINDS } from '../api/statements';
import { type FinanceMonth, type LineChannel, monthLines } from './month-lines';
import { ContractBook, type ContractTerms } from './terms';

const MONTHS = ['2026-07', '2026-08', '2026-09'] as const;
const USERS = [1, 2, 3, 4] as const;
const micros = fc.integer({ min: -5_000_000_000, max: 50_000_000_000 });
const bps = fc.integer({ min: 0, max: 10_000 });
const shares = fc.record({ ads: bps, shorts: bps, claims: bps, adjustments: bps });

const world = fc
  .record({
    channelCount: fc.integer({ min: 1, max: 12 }),
    grants: fc.array(fc.tuple(fc.integer({ min: 1, max: 12 }), fc.constantFrom(...USERS)), { maxLength: 20 }),
    contracts: fc.array(
      fc.record({
        userId: fc.constantFrom(...USERS),
        channel: fc.option(fc.integer({ min: 1, max: 12 })),
        effectiveFrom: fc.constantFrom('2026-01', ...MONTHS),
        shares,
      }),
      { maxLength: 12 },
    ),
    finance: fc.array(
      fc.record({
        channel: fc.integer({ min: 0, max: 12 }),
        month: fc.constantFrom(...MONTHS),
        revenue: micros,
        shortsPart: fc.double({ min: 0, max: 1, noNaN: true }),
        adjustment: micros,
        claims: fc.integer({ min: 0, max: 1_000_000_000 }),
      }),
      { maxLength: 40 },
    ),
  })
  .map((w) => {
    // Channel 0 is the network's UGC channel.
    const channels = new Map<number, LineChannel>();
    for (let id = 0; id <= w.channelCount; id++) {
      const grantees = [...new Set(w.grants.filter(([c]) => c === id).map(([, u]) => u))];
      channels.set(id, {
        title: `Channel ${id}`,
        youtubeId: id === 0 ? null : `UC${String(id).padStart(22, '0')}`,
        isUgc: id === 0,
        grantees,
      });
    }
    const seen = new Set<string>();
    const finance: FinanceMonth[] = [];
    for (const f of w.finance) {
      const key = `${f.channel}|${f.month}`;
      if (f.channel > w.channelCount || seen.has(key)) continue;
      seen.add(key);
      const revenue = f.revenue;
      finance.push({
        channelId: f.channel,
        month: f.month,
        revenueMicros: revenue,
        shortsMicros: Math.trunc(revenue * f.shortsPart),
        adjustmentMicros: f.adjustment,
        claimsMicros: f.channel === 0 ? 0 : f.claims,
      });
    }
    const taken = new Set<string>();
    const contracts: ContractTerms[] = w.contracts.flatMap((c) => {
      const channelId = c.channel !== null && c.channel <= w.channelCount ? c.channel : null;
      const key = channelId === null ? `u${c.userId}|${c.effectiveFrom}` : `c${channelId}|${c.effectiveFrom}`;
      if (taken.has(key)) return [];
      taken.add(key);
      return [{ userId: c.userId, channelId, effectiveFrom: c.effectiveFrom, shares: c.shares, minPayoutMicros: 0 }];
    });
    return { channels, finance, contracts };
  });

describe('monthLines', () => {
  it('partners plus the network make the finance total, any month, any contracts', () => {
    fc.assert(
      fc.property(world, fc.constantFrom(...MONTHS), ({ channels, finance, contracts }, month) => {
        const { lines, youtubeMicros } = monthLines(month, finance, channels, new ContractBook(contracts));
        // The total computed apart: every channel's revenue and adjustments of the month.
        const total = finance.filter((f) => f.month === month).reduce((s, f) => s + f.revenueMicros + f.adjustmentMicros, 0);
        expect(youtubeMicros).toBe(total);
        const partners = lines.reduce((s, l) => s + l.partner_micros, 0);
        const retained = lines.reduce((s, l) => s + (l.gross_micros - l.partner_micros), 0);
        expect(partners + retained).toBe(total);
        for (const line of lines) {
          if (line.userId === null) expect(line.partner_micros).toBe(0);
          expect(line.gross_micros).not.toBe(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('pays a channel by its own terms first, else its one granted account, else nobody', () => {
    const channels = new Map<number, LineChannel>([
      [1, { title: 'A', youtubeId: 'UCa', isUgc: false, grantees: [1] }],
      [2, { title: 'B', youtubeId: 'UCb', isUgc: false, grantees: [1, 2] }],
      [3, { title: 'C', youtubeId: 'UCc', isUgc: false, grantees: [2] }],
    ]);
    const all = (n: number) => Object.fromEntries(REVENUE_KINDS.map((k) => [k, n])) as ContractTerms['shares'];
    const book = new ContractBook([
      { userId: 1, channelId: null, effectiveFrom: '2026-01', shares: all(7_000), minPayoutMicros: 0 },
      { userId: 2, channelId: null, effectiveFrom: '2026-01', shares: all(5_000), minPayoutMicros: 0 },
      { userId: 2, channelId: 3, effectiveFrom: '2026-09', shares: all(9_000), minPayoutMicros: 0 },
      { userId: 1, channelId: null, effectiveFrom: '2026-09', shares: all(8_000), minPayoutMicros: 0 },
    ]);
    const row = (channelId: number, month: string): FinanceMonth => ({
      channelId,
      month,
      revenueMicros: 1_000_000,
      shortsMicros: 0,
      adjustmentMicros: 0,
      claimsMicros: 0,
    });
    const aug = monthLines('2026-08', [row(1, '2026-08'), row(2, '2026-08'), row(3, '2026-08')], channels, book).lines;
    expect(aug.map((l) => [l.channel_id, l.userId, l.partner_micros, l.unassigned])).toEqual([
      [1, 1, 700_000, null],
      [2, null, 0, 'several_accounts'],
      [3, 2, 500_000, null],
    ]);
    const sep = monthLines('2026-09', [row(1, '2026-09'), row(3, '2026-09')], channels, book).lines;
    expect(sep.map((l) => [l.channel_id, l.userId, l.partner_micros])).toEqual([
      [1, 1, 800_000],
      [3, 2, 900_000],
    ]);
  });
});
