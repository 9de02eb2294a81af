// A trending video's hourly table: positions per country and counters, each with its change since the row before.

/** One stored chart row of the video (a country, an hour). */
export interface VideoPositionRow {
  country_code: string;
  hour: number;
  position: number;
  views: number;
  likes: number | null;
  dislikes: number | null;
  comments: number | null;
}

/** A table row (docs/public-stats.md, "Trends"): an hour, the position per chosen country, the counters and their changes. */
export interface TrendTableRow {
  /** The hour, unix seconds. */
  hh: number;
  countries_pos: Record<string, number | null>;
  /** Places climbed since the row before (previous − current); null when either is off the chart. */
  d_pos: Record<string, number | null>;
  views: number;
  likes: number | null;
  dislikes: number | null;
  comments: number | null;
  d_views: number | null;
  d_likes: number | null;
  d_dislikes: number | null;
  d_comments: number | null;
}

export const TABLE_METRICS = ['views', 'likes', 'dislikes', 'comments'] as const;
export type TableMetric = (typeof TABLE_METRICS)[number];

const delta = (current: number | null, previous: number | null | undefined): number | null =>
  current === null || previous === null || previous === undefined ? null : current - previous;

/** The larger of two counters, null only when both are unknown. */
const larger = (a: number | null, b: number | null): number | null => (a === null ? b : b === null ? a : Math.max(a, b));

/**
 * The table over the hours the video was on a chosen country's chart, newest first; changes compare
 * each row with the one an hour row earlier in the table (the oldest row has none). Counters are the
 * video's, the same in every country, so the largest seen that hour is kept.
 * @example buildTrendTable(rows, ['US', 'GB'])
 */
export function buildTrendTable(rows: readonly VideoPositionRow[], countries: readonly string[]): TrendTableRow[] {
  const chosen = new Set(countries);
  const byHour = new Map<number, TrendTableRow>();
  for (const row of rows) {
    if (!chosen.has(row.country_code)) continue;
    let entry = byHour.get(row.hour);
    if (!entry) {
      const empty = Object.fromEntries(countries.map((code) => [code, null]));
      entry = {
        hh: row.hour,
        countries_pos: { ...empty },
        d_pos: { ...empty },
        views: row.views,
        likes: row.likes,
        dislikes: row.dislikes,
        comments: row.comments,
        d_views: null,
        d_likes: null,
        d_dislikes: null,
        d_comments: null,
      };
      byHour.set(row.hour, entry);
    }
    entry.countries_pos[row.country_code] = row.position;
    entry.views = Math.max(entry.views, row.views);
    entry.likes = larger(entry.likes, row.likes);
    entry.dislikes = larger(entry.dislikes, row.dislikes);
    entry.comments = larger(entry.comments, row.comments);
  }
  const ordered = [...byHour.values()].sort((a, b) => a.hh - b.hh);
  ordered.forEach((row, index) => {
    const before = ordered[index - 1];
    if (!before) return;
    for (const code of countries) {
      const [now, then] = [row.countries_pos[code] ?? null, before.countries_pos[code] ?? null];
      row.d_pos[code] = now === null || then === null ? null : then - now;
    }
    row.d_views = delta(row.views, before.views);
    row.d_likes = delta(row.likes, before.likes);
    row.d_dislikes = delta(row.dislikes, before.dislikes);
    row.d_comments = delta(row.comments, before.comments);
  });
  return ordered.reverse();
}

/** A signed change for the table: '+12', '−3' (minus sign), '0'; '' when unknown. */
export function formatSigned(change: number | null, format: (value: number) => string = String): string {
  if (change === null) return '';
  if (change > 0) return `+${format(change)}`;
  if (change < 0) return `\u2212${format(-change)}`;
  return '0';
}
