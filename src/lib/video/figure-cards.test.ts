import { describe, expect, it } from 'vitest';
import type { VideoFigures } from '../api/video';
import { dollarsOf, figureCards } from './figure-cards';

const figures = (over: Partial<VideoFigures> = {}): VideoFigures => ({
  views: 1_000,
  engaged_views: 900,
  watch_time_minutes: 1_500,
  likes: 10,
  dislikes: 1,
  comments: 2,
  shares: 3,
  subscribers_gained: 4,
  subscribers_lost: 1,
  impressions: 0,
  impression_clicks: 0,
  earnings_micros: 1_234_565_000,
  finance_micros: 0,
  ...over,
});

describe('figureCards', () => {
  it('writes each figure with its change against the comparison', () => {
    const cards = figureCards(figures(), figures({ views: 800 }));
    const views = cards.find((c) => c.key === 'views');
    expect(views).toMatchObject({ text: '1,000', change: '+25.00%', trend: 'up', meaning: 'views' });
    expect(cards.find((c) => c.key === 'avd')?.text).toBe('1:30');
    expect(cards.find((c) => c.key === 'earnings')?.text).toBe('$1,234.57');
    expect(cards.find((c) => c.key === 'likes')?.change).toBe('0.00%');
  });

  it('shows impressions and CTR only when there are any, and no change without a comparison', () => {
    expect(figureCards(figures(), null).some((c) => c.key === 'ctr')).toBe(false);
    const cards = figureCards(figures({ impressions: 2_000, impression_clicks: 50 }), null);
    expect(cards.find((c) => c.key === 'ctr')).toMatchObject({ text: '2.50%', change: null, trend: null });
  });

  it('rounds micro-dollars to the cent half away from zero', () => {
    expect([dollarsOf(5_000), dollarsOf(4_999), dollarsOf(-5_000)]).toEqual([0.01, 0, -0.01]);
  });
});
