import { describe, expect, it } from 'vitest';
import { channelRankingTable } from './channel-ranking-rows';
import type { ChannelRankingRow } from '../../lib/api/public-channels';

function row(overrides: Partial<ChannelRankingRow>): ChannelRankingRow {
  return {
    diff: 0,
    num: 1,
    channel_id: 'UC0000000000000000000000',
    channel_title: 'A',
    thumbnail_url: '',
    country_code2: null,
    category: 'Music',
    category_id: 10,
    watchtime: 0,
    subscriber_count: 0,
    view_count: 0,
    monthly_views: 0,
    monthly_subs: 0,
    subs_growth_pct: null,
    views_growth_pct: null,
    revenue: { low: 0, high: 0 },
    a_monthly_views: null,
    a_monthly_subs: null,
    ...overrides,
  };
}

/** The widths as numbers of rem, by column: the leading ones from the table's style, the optional ones from their headers. */
function widths(rows: ChannelRankingRow[]): Record<string, number> {
  const { leadingWidths, columnWidths } = channelRankingTable(rows);
  const rem = (value: string) => Number(value.replace('rem', ''));
  const leading = leadingWidths.split('; ').map((part) => {
    const [name, value] = part.split(': ');
    return [name!.replace('--w-', ''), rem(value!)];
  });
  return { ...Object.fromEntries(leading), ...Object.fromEntries(Object.entries(columnWidths).map(([key, value]) => [key, rem(value)])) };
}

describe('channel ranking column widths', () => {
  it('fit the longest text of each column: 0.6rem a digit and 1.5rem of padding', () => {
    const w = widths([row({ num: 99_901, subscriber_count: 250_000_000 }), row({ num: 100_000, view_count: 45_819_381_731 })]);
    expect(w.rank).toBeCloseTo(6 * 0.6 + 1.5); // '100000'
    expect(w.subscribers).toBeCloseTo(11 * 0.6 + 1.5); // '250,000,000'
    expect(w.view_count).toBeCloseTo(14 * 0.6 + 1.5); // '45,819,381,731'
  });

  it("are at least their header's longest word, and names and categories are capped (they wrap)", () => {
    const w = widths([row({ channel_title: 'x'.repeat(80), category: 'y'.repeat(60) })]);
    expect(w.subs_growth_pct).toBeCloseTo(6 * 0.55 + 1.5); // 'growth' is wider than '—'
    expect(w.subscribers).toBeCloseTo(11 * 0.55 + 1.5); // 'Subscribers' is wider than '0'
    expect(w.name).toBe(16);
    expect(w.category).toBe(11);
  });

  it('give the change column room for its widest marker, and no column less than 2.125rem', () => {
    const w = widths([row({ diff: 12_345 }), row({ diff: null })]);
    expect(w.change).toBeCloseTo('▲ 12345'.length * 0.55 + 1.5);
    expect(widths([row({})]).change).toBeCloseTo(2.125, 2);
  });
});

describe('channel ranking rows', () => {
  it('write each row once, its texts escaped, with every optional cell', () => {
    const { body } = channelRankingTable([row({ num: 7, channel_title: 'A & <B>', subscriber_count: 1234, diff: 2 })]);
    expect(body.match(/<tr>/g)).toHaveLength(1);
    expect(body).toContain('<td class="rank">7</td>');
    expect(body).toContain('>A &amp; &lt;B&gt;</a>');
    expect(body).toContain('<td class="num" data-col="subscribers">1,234</td>');
    expect(body.match(/data-col=/g)).toHaveLength(9);
  });
});
