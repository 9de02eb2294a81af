// The top channels table's body as one HTML string: 200 rows of 9 cells rendered as Astro
// expressions cost ~100 ms of CPU per uncached page; a string template costs ~1 ms.
import { escapeHtml } from '../../lib/formats/html-escape';
import { formatMoneyRange } from '../../lib/public/public-estimates';
import { RANKING_COLUMNS, type RankingColumn } from '../../lib/public/ranking-columns';
import { formatHours, formatNumber, formatPercent } from '../../lib/formats/stat-format';
import { flagImageHtml } from './flag-images';
import { positionMarkHtml } from './position-change';
import type { ChannelRankingRow } from '../../lib/api/public-channels';

/** The figures a channel row and a network row share, each metric's column reads one of them. */
type Figures = Pick<
  ChannelRankingRow,
  'watchtime' | 'subscriber_count' | 'view_count' | 'monthly_views' | 'monthly_subs' | 'subs_growth_pct' | 'views_growth_pct' | 'revenue'
>;

/** A growth in percent with 2 decimals; '—' when it has none (started at 0). */
const growthText = (value: number | null) => (value === null ? '—' : formatPercent(value));

/**
 * The text of a ranking metric's column for a channel or network row.
 * @example figureText('view_count', row) // '1,234,567'
 */
export const FIGURE_TEXT: Record<Exclude<RankingColumn, 'category'>, (r: Figures) => string> = {
  watchtime: (r) => formatHours(r.watchtime),
  subscribers: (r) => formatNumber(r.subscriber_count),
  view_count: (r) => formatNumber(r.view_count),
  monthly_views: (r) => formatNumber(r.monthly_views),
  monthly_subs: (r) => formatNumber(r.monthly_subs),
  subs_growth_pct: (r) => growthText(r.subs_growth_pct),
  views_growth_pct: (r) => growthText(r.views_growth_pct),
  earnings: (r) => formatMoneyRange(r.revenue),
};

const CELL: Record<RankingColumn, (r: ChannelRankingRow) => string> = {
  category: (r) => r.category ?? '—',
  ...FIGURE_TEXT,
};

/** The <tr> elements of the rows, every text escaped. */
export function channelRankingRowsHtml(rows: ChannelRankingRow[]): string {
  return rows
    .map((r) => {
      const flagHtml = flagImageHtml(r.country_code2);
      const cells = RANKING_COLUMNS.map(
        (c) => `<td${c.key === 'category' ? '' : ' class="num"'} data-col="${c.key}">${escapeHtml(CELL[c.key](r))}</td>`,
      ).join('');
      return (
        `<tr><td class="change">${positionMarkHtml(r.diff)}</td>` +
        `<td class="rank">${r.num}</td>` +
        `<td class="name"><a href="/channel/${encodeURIComponent(r.channel_id)}">${escapeHtml(r.channel_title)}</a>${flagHtml}</td>${cells}</tr>`
      );
    })
    .join('');
}
