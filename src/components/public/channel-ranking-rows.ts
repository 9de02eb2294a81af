// The top channels table's body as one HTML string: 200 rows of 9 cells rendered as Astro
// expressions cost ~100 ms of CPU per uncached page; a string template costs ~1 ms.
import { escapeHtml } from '../../lib/formats/html-escape';
import { formatMoneyRange } from '../../lib/public/public-estimates';
import { RANKING_COLUMNS, type RankingColumn } from '../../lib/public/ranking-columns';
import { formatHours, formatNumber, formatPercent } from '../../lib/formats/stat-format';
import { flagImageHtml } from './flag-images';
import { positionMark, positionMarkHtml } from './position-change';
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

/** Rem a character takes at most: figures (tabular digits), other text, the change marker (0.8125rem, bold). */
const FIGURE_CHAR_REM = 0.6;
const TEXT_CHAR_REM = 0.55;
const CHANGE_CHAR_REM = 0.55;
/** A header's character (0.85rem, bold): a column is at least as wide as its header's longest word. */
const HEADER_CHAR_REM = 0.55;
/** A cell's side padding; the flag after a name, with its margin. */
const CELL_PADDING_REM = 1.5;
const FLAG_REM = 1.625;
/** The narrowest column (the header's "#" and the marker, as before widths were set) and the widest text columns (they wrap). */
const MIN_COLUMN_REM = 2.125;
const MAX_NAME_REM = 16;
const MAX_CATEGORY_REM = 11;

/**
 * Each column's width for this page's rows, which the table's fixed layout takes from its header row
 * (rankings.css): as wide as its longest text and its header's longest word, names and categories capped (they
 * wrap). With every width
 * known the browser lays each row out once as it arrives, without measuring every cell of the table first;
 * a wider table shares the rest of the width out in proportion, as an automatic layout does.
 * @example channelRankingWidths(rows) // '--w-change: 3.15rem; --w-rank: 3.30rem; --w-name: 9.90rem; --w-category: …'
 */
export function channelRankingWidths(rows: ChannelRankingRow[]): string {
  const longest = (texts: string[]) => Math.max(0, ...texts.map((t) => t.length));
  const width = (label: string, texts: string[], perChar: number, extra = 0, max = Infinity) => {
    const header = longest(label.split(' ')) * HEADER_CHAR_REM;
    const cells = longest(texts) * perChar + extra;
    return `${Math.min(max, Math.max(MIN_COLUMN_REM, header + CELL_PADDING_REM, cells + CELL_PADDING_REM)).toFixed(2)}rem`;
  };
  const widths: [string, string][] = [
    [
      'change',
      width(
        '',
        rows.map((r) => positionMark(r.diff).symbol),
        CHANGE_CHAR_REM,
      ),
    ],
    [
      'rank',
      width(
        '#',
        rows.map((r) => String(r.num)),
        FIGURE_CHAR_REM,
      ),
    ],
    [
      'name',
      width(
        'Channel',
        rows.map((r) => r.channel_title),
        TEXT_CHAR_REM,
        FLAG_REM,
        MAX_NAME_REM,
      ),
    ],
    ...RANKING_COLUMNS.map(({ key, label }): [string, string] => [
      key,
      key === 'category'
        ? width(label, rows.map(CELL.category), TEXT_CHAR_REM, 0, MAX_CATEGORY_REM)
        : width(label, rows.map(CELL[key]), FIGURE_CHAR_REM),
    ]),
  ];
  return widths.map(([column, value]) => `--w-${column}: ${value}`).join('; ');
}
