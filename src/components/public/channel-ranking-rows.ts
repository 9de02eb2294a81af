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

/** Rem a character takes at most: a figure (tabular digits), and any other text (names, categories, the
 * change marker at 0.8125rem bold, a header word at 0.85rem bold). */
const FIGURE_CHAR_REM = 0.6;
const TEXT_CHAR_REM = 0.55;
/** A cell's side padding; the flag after a name, with its margin. */
const CELL_PADDING_REM = 1.5;
const FLAG_REM = 1.625;
/** The narrowest column (the header's "#" and the marker, as before widths were set) and the widest text columns (they wrap). */
const MIN_COLUMN_REM = 2.125;
const MAX_NAME_REM = 16;
const MAX_CATEGORY_REM = 11;

const longest = (texts: string[]) => Math.max(0, ...texts.map((t) => t.length));

/** A column as wide as its longest text and its header's longest word (a header wraps between words), at most `max`. */
function columnWidth(label: string, texts: string[], perChar: number, { extra = 0, max = Infinity } = {}): string {
  const content = Math.max(longest(label.split(' ')) * TEXT_CHAR_REM, longest(texts) * perChar + extra);
  const rem = Math.max(MIN_COLUMN_REM, content + CELL_PADDING_REM);
  return `${Math.min(max, rem).toFixed(2)}rem`;
}

export interface ChannelRankingTable {
  /** The <tr> elements of the rows, every text escaped. */
  body: string;
  /** The leading columns' widths as custom properties for the table's style (rankings.css reads them). */
  leadingWidths: string;
  /** Each optional column's width, for its header cell. */
  columnWidths: Record<RankingColumn, string>;
}

/**
 * The table's rows and its columns' widths, from one pass over the cells' texts. The table lays out from its
 * header row (fixed layout, rankings.css): with every width known the browser lays each row out once as it
 * arrives instead of measuring every cell of the table first, and a wider table shares out the rest in
 * proportion, as an automatic layout does. Names and categories are capped (they wrap).
 * @example const { body, leadingWidths, columnWidths } = channelRankingTable(rows)
 */
export function channelRankingTable(rows: ChannelRankingRow[]): ChannelRankingTable {
  const texts = RANKING_COLUMNS.map((c) => rows.map((r) => CELL[c.key](r)));
  const body = rows
    .map((r, i) => {
      const cells = RANKING_COLUMNS.map(
        (c, k) => `<td${c.key === 'category' ? '' : ' class="num"'} data-col="${c.key}">${escapeHtml(texts[k]![i]!)}</td>`,
      ).join('');
      return (
        `<tr><td class="change">${positionMarkHtml(r.diff)}</td>` +
        `<td class="rank">${r.num}</td>` +
        `<td class="name"><a href="/channel/${encodeURIComponent(r.channel_id)}">${escapeHtml(r.channel_title)}</a>${flagImageHtml(r.country_code2)}</td>${cells}</tr>`
      );
    })
    .join('');
  const change = columnWidth(
    '',
    rows.map((r) => positionMark(r.diff).symbol),
    TEXT_CHAR_REM,
  );
  const rank = columnWidth(
    '#',
    rows.map((r) => String(r.num)),
    FIGURE_CHAR_REM,
  );
  const name = columnWidth(
    'Channel',
    rows.map((r) => r.channel_title),
    TEXT_CHAR_REM,
    { extra: FLAG_REM, max: MAX_NAME_REM },
  );
  const columnWidths = Object.fromEntries(
    RANKING_COLUMNS.map(({ key, label }, k) => [
      key,
      key === 'category'
        ? columnWidth(label, texts[k]!, TEXT_CHAR_REM, { max: MAX_CATEGORY_REM })
        : columnWidth(label, texts[k]!, FIGURE_CHAR_REM),
    ]),
  ) as Record<RankingColumn, string>;
  return { body, leadingWidths: `--w-change: ${change}; --w-rank: ${rank}; --w-name: ${name}`, columnWidths };
}
