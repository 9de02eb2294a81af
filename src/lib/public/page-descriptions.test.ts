// The comparison page's meta: named by its channels with their headline figures, indexed only as a real
// comparison of two or more channels.
import { describe, expect, it } from 'vitest';
import { comparePageMeta } from './page-descriptions';
import type { ChannelInfo, ChannelInfoFigures } from '../api/public-channels';

function info(id: string, title: string, subscribers: number): ChannelInfo {
  const figures = { subscriber_count: subscribers, monthly_views: 1_000, view_count: 50_000 } as ChannelInfoFigures;
  return {
    channel_id: id,
    channel_title: title,
    thumbnail_url: '',
    country_code2: null,
    period: 'now',
    info_now: figures,
    info_last: null,
    top_positions: { overall: null, category: null, lang: null },
    changes: { monthly_views: null, subscriber_count: null, monthly_subs: null, watchtime: null, view_count: null, earnings: null },
    as_of: null,
    grade: null,
  };
}

describe('comparePageMeta', () => {
  it('names the channels and their figures, with the list as the canonical query', () => {
    const meta = comparePageMeta(
      [info('UCa', 'Alpha', 1_200), info('UCb', 'Beta', 30), info('UCc', 'Gamma', 7)],
      ['UCa', 'UCb', 'UCc'],
      true,
    );
    expect(meta.title).toBe('Compare Alpha, Beta and Gamma');
    expect(meta.description).toContain('Alpha: 1,200 subscribers, 1,000 monthly views, 50,000 total views');
    expect(meta.query).toEqual({ c: 'UCa,UCb,UCc' });
    expect(meta.noindex).toBe(false);
  });

  it('keeps one channel, an empty page and a refused list out of the index', () => {
    expect(comparePageMeta([info('UCa', 'Alpha', 1)], ['UCa'], true)).toMatchObject({ title: 'Compare Alpha', noindex: true });
    expect(comparePageMeta([], [], true)).toMatchObject({ title: 'Compare channels', noindex: true, query: undefined });
    expect(comparePageMeta([info('UCa', 'Alpha', 1), info('UCb', 'Beta', 2)], ['UCa', 'UCb'], false).noindex).toBe(true);
  });
});
