import { describe, expect, it } from 'vitest';
import { cardMessage, isEmptyBase, NO_CHANNELS_MESSAGE, NO_DATA_MESSAGE, selectionHasUgc } from './card-state';
import type { BaseAnswer } from '../api/stats';

const point = (value: number) => ({ date: '2026-01-01', value, range: { from: '2026-01-01', to: '2026-01-01' } });
const base = (over: Partial<BaseAnswer> = {}): BaseAnswer => ({
  partner_revenue: [point(0)],
  subscribers: [point(0)],
  subscribers_gained: [point(0)],
  subscribers_lost: [point(0)],
  views: [point(0)],
  watch_time: [point(0)],
  sum_partner_revenue: 0,
  sum_subscribers: 0,
  sum_subscribers_gained: 0,
  sum_subscribers_lost: 0,
  sum_views: 0,
  sum_watch_time: 0,
  earnings: { finance: 0, estimate: 0, months: [], buckets: ['estimate'] },
  compare: null,
  ...over,
});
describe('card messages', () => {
  it('say there are no channels before anything else, and no data only for an answer without figures', () => {
    expect(cardMessage(false, 0, null)).toBeNull();
    expect(cardMessage(true, 0, base({ sum_views: 5 }))).toBe(NO_CHANNELS_MESSAGE);
    expect(cardMessage(true, 1, base())).toBe(NO_DATA_MESSAGE);
    expect(cardMessage(true, 1, null)).toBeNull();
  });

  it('count net subscribers that cancel out within the period as data', () => {
    expect(isEmptyBase(base({ subscribers: [point(3), point(-3)] }))).toBe(false);
    expect(isEmptyBase(base({ sum_partner_revenue: 12.5 }))).toBe(false);
    expect(isEmptyBase(base())).toBe(true);
  });
});

describe('UGC in the selection', () => {
  it('is true for every channel or a choice that holds UGC, false for ordinary channels alone', () => {
    expect(selectionHasUgc([], true)).toBe(true);
    expect(selectionHasUgc(['ugc'], true)).toBe(true);
    expect(selectionHasUgc(['UCa'], true)).toBe(false);
    expect(selectionHasUgc([], false)).toBe(false);
  });
});
