import { describe, expect, it } from 'vitest';
import { describeChange, nothingChanged, rankLabels, trendChannelHref, youtubeChannelUrl } from './channel-page';

describe('rankLabels', () => {
  it('names each ranked list and leaves unranked ones out', () => {
    expect(rankLabels({ overall: 12, category: 3, lang: 40 }, 'Gaming', 'English')).toEqual([
      '#12 overall',
      '#3 in Gaming',
      '#40 in English',
    ]);
    expect(rankLabels({ overall: null, category: 3, lang: 40 }, 'Gaming', null)).toEqual(['#3 in Gaming']);
    expect(rankLabels({ overall: null, category: null, lang: null }, 'Gaming', 'English')).toEqual([]);
  });
});

describe('describeChange', () => {
  it('signs the change with two decimals and says its direction', () => {
    expect(describeChange(12.5)).toEqual({ text: '+12.50%', direction: 'up' });
    expect(describeChange(-3.1)).toEqual({ text: '−3.10%', direction: 'down' });
    expect(describeChange(0)).toEqual({ text: '0.00%', direction: 'flat' });
    expect(describeChange(null)).toEqual({ text: '—', direction: 'none' });
  });
  it('gives the difference when there is no percent (monthly subs −3,000 → −2,000)', () => {
    expect(describeChange(null, -2000 - -3000)).toEqual({ text: '+1,000', direction: 'up' });
    expect(describeChange(null, -250)).toEqual({ text: '\u2212250', direction: 'down' });
    expect(describeChange(5, 1000).text).toBe('+5.00%');
  });
});

describe('youtubeChannelUrl', () => {
  it('links the channel on YouTube', () => {
    expect(youtubeChannelUrl('UC1234567890123456789012')).toBe('https://www.youtube.com/channel/UC1234567890123456789012');
  });
});

describe('trendChannelHref', () => {
  it('links the channel trends page, keeping a month', () => {
    expect(trendChannelHref('UC1234567890123456789012', 'now')).toBe('/trend/channel/UC1234567890123456789012');
    expect(trendChannelHref('UC1234567890123456789012', '2026-10')).toBe('/trend/channel/UC1234567890123456789012?period=2026-10');
  });
});

describe('nothingChanged', () => {
  it('is true only for a series of zeros', () => {
    expect(nothingChanged([0, 0])).toBe(true);
    expect(nothingChanged([0, -1])).toBe(false);
    expect(nothingChanged([])).toBe(false);
  });
});
