// The top channels table's body as one HTML string: 200 rows of 9 cells rendered as Astro
// expressions cost ~100 ms of CPU per uncached page; a string template costs ~1 ms.
import { escapeHtml } from '../../lib/formats/html-escape';
import { formatMoneyRange } from '../../lib/public/public-estimates';
import { RANKING_COLUMNS, type RankingColumn } from '../../lib/public/ranking-columns';
import { formatHours, formatNumber } from '../../lib/formats/stat-format';
import { flagImageHtml } from './flag-images';
import { positionMarkHtml } from './position-change';
import type { ChannelRankingRow } from '../../lib/api/public-channels';

const CELL: Record<RankingColumn, (r: ChannelRankingRow) => string> = {
  category: (r) => r.category ?? '—',
  watchtime: (r) => formatHours(r.watchtime),
  subscribers: (r) => formatNumber(r.subscriber_count),
  monthly_views: (r) => formatNumber(r.monthly_views),
  monthly_subs: (r) => formatNumber(r.monthly_subs),
  earnings: (r) => formatMoneyRange(r.revenue),
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
