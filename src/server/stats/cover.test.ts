// The reads of an untimed sum: coarsest rows first, a partial year or month as its row minus the rest.
import { describe, expect, it } from 'vitest';
import { coverRange, type SignedPart } from './cover';
import { addDays, nextMonth } from '../../lib/dates/time';

const TODAY = '2026-11-23';
const ALL = { yearly: true, subtract: true, horizon: TODAY };

/** The first and last day a part's keys span. */
function daysOf(part: SignedPart): { first: string; last: string } {
  if (part.source === 'daily') return { first: part.from, last: part.to };
  if (part.source === 'monthly') return { first: `${part.from}-01`, last: addDays(`${nextMonth(part.to)}-01`, -1) };
  return { first: `${part.from}-01-01`, last: `${part.to}-12-31` };
}

/**
 * The days whose weight in the parts (+1 added, -1 subtracted) is wrong: an exact cover weighs every
 * day of [from, to] 1 and every other day 0 (checked a year either side: no part reaches further).
 */
function wrongDays(parts: SignedPart[], from: string, to: string): string[] {
  const weight = new Map<string, number>();
  for (const part of parts) {
    const { first, last } = daysOf(part);
    for (let day = first; day <= last; day = addDays(day, 1)) weight.set(day, (weight.get(day) ?? 0) + part.sign);
  }
  const wrong: string[] = [];
  for (let day = addDays(from, -370); day <= addDays(to, 370); day = addDays(day, 1)) {
    if ((weight.get(day) ?? 0) !== (day >= from && day <= to ? 1 : 0)) wrong.push(day);
  }
  return wrong;
}

describe('coverRange', () => {
  it('reads a lifetime of whole years from the yearly rows alone', () => {
    expect(coverRange('2005-01-01', '2099-12-31', ALL)).toEqual([{ source: 'yearly', from: '2005', to: '2099', sign: 1 }]);
  });

  it('reads 365 days reaching the latest data as the current year minus its empty rest, and days only at the start', () => {
    const parts = coverRange('2025-11-22', '2026-11-21', ALL);
    expect(parts).toEqual([
      { source: 'daily', from: '2026-11-22', to: '2026-11-30', sign: -1 },
      { source: 'daily', from: '2025-11-22', to: '2025-11-30', sign: 1 },
      { source: 'monthly', from: '2026-12', to: '2026-12', sign: -1 },
      { source: 'monthly', from: '2025-12', to: '2025-12', sign: 1 },
      { source: 'yearly', from: '2026', to: '2026', sign: 1 },
    ]);
    expect(wrongDays(parts, '2025-11-22', '2026-11-21')).toEqual([]);
  });

  it('adds the days of a short range', () => {
    expect(coverRange('2026-11-15', '2026-11-21', ALL)).toEqual([{ source: 'daily', from: '2026-11-15', to: '2026-11-21', sign: 1 }]);
  });

  it('never subtracts or reads years when told not to', () => {
    const parts = coverRange('2024-03-10', '2026-11-21', { yearly: false, subtract: false, horizon: TODAY });
    expect(parts.every((p) => p.sign === 1 && p.source !== 'yearly')).toBe(true);
    expect(wrongDays(parts, '2024-03-10', '2026-11-21')).toEqual([]);
  });

  it('is exact for every start and end, whatever it chooses', () => {
    const starts = ['2023-01-01', '2023-01-02', '2023-06-15', '2023-12-31', '2024-02-29', '2026-11-01'];
    const ends = ['2026-11-21', '2026-11-30', '2026-12-31', '2026-10-31', '2026-01-01', '2027-02-03'];
    for (const from of starts) {
      for (const to of ends) {
        for (const options of [ALL, { ...ALL, yearly: false }, { ...ALL, subtract: false }]) {
          expect(wrongDays(coverRange(from, to, options), from, to), `${from}..${to}`).toEqual([]);
        }
      }
    }
  });
});
