import { describe, expect, it } from 'vitest';
import { cardMessage, isEmptyBase, NO_CHANNELS_MESSAGE, NO_DATA_MESSAGE, selectionHasUgc } from './card-state';
import type { BaseAnswer, ChannelOption } from './api/stats';

const point = (value: number) => ({ date: '2026-01-01', value, range: { from: '2026-01-01', to: '2026-01-01' } });
const base = (over: Partial<BaseAnswer> = {}): BaseAnswer => ({
  partner_revenue: [point(0)],
  subscribers: [point(0)],
  views: [point(0)],
  watch_time: [point(0)],
  sum_partner_revenue: 0,
  sum_subscribers: 0,
  sum_views: 0,
  sum_watch_time: 0,
  earnings: { finance: 0, estimate: 0, months: [], buckets: ['estimate'] },
  compare: null,
  ...over,
});
const channel = (id: string, ugc = false): ChannelOption => ({
  channel_id: id,
  channel_title: id,
  channel_icon: '',
  thumbnail_url: '',
  subscriber_count: 0,
  monthly_views_count: 0,
  is_inhouse: false,
  is_ugc: ugc,
});

describe('card messages', () => {
  it('say there are no channels before anything else, and no data only for an answer without figures', () => {
    expect(cardMessage(false, [], null)).toBeNull();
    expect(cardMessage(true, [], base({ sum_views: 5 }))).toBe(NO_CHANNELS_MESSAGE);
    expect(cardMessage(true, [channel('UCa')], base())).toBe(NO_DATA_MESSAGE);
    expect(cardMessage(true, [channel('UCa')], null)).toBeNull();
  });

  it('count net subscribers that cancel out within the period as data', () => {
    expect(isEmptyBase(base({ subscribers: [point(3), point(-3)] }))).toBe(false);
    expect(isEmptyBase(base({ sum_partner_revenue: 12.5 }))).toBe(false);
    expect(isEmptyBase(base())).toBe(true);
  });
});

describe('UGC in the selection', () => {
  const channels = [channel('UCa'), channel('ugc', true)];
  it('is true for every channel or a choice that holds UGC, false for ordinary channels alone', () => {
    expect(selectionHasUgc([], channels)).toBe(true);
    expect(selectionHasUgc(['ugc'], channels)).toBe(true);
    expect(selectionHasUgc(['UCa'], channels)).toBe(false);
    expect(selectionHasUgc([], [channel('UCa')])).toBe(false);
  });
});
