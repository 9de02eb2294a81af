// Which page numbers a pager offers: the first, the last, the current one and its neighbours, with gaps between.

/** A pager entry: a page number, or a gap for the pages left out. */
export type PagerItem = number | 'gap';

/** Neighbours shown on each side of the current page in the details tables (spec: analytics tables 1). */
export const DETAILS_PAGER_NEIGHBOURS = 1;

/**
 * The entries of a pager over `pages` pages at `page`.
 * @example pagerItems(5, 10, 1) // [1, 'gap', 4, 5, 6, 'gap', 10]
 */
export function pagerItems(page: number, pages: number, neighbours: number): PagerItem[] {
  if (pages <= 1) return [];
  const shown = new Set([1, pages]);
  for (let p = page - neighbours; p <= page + neighbours; p++) if (p >= 1 && p <= pages) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PagerItem[] = [];
  sorted.forEach((p, i) => {
    const previous = sorted[i - 1];
    // A gap of one page shows that page rather than an ellipsis standing for it.
    if (previous !== undefined && p - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && p - previous > 2) items.push('gap');
    items.push(p);
  });
  return items;
}

/**
 * How many pages a table of `rows` rows has at `perPage` a page (at least one).
 * @example pageCount(61, 30) // 3
 */
export function pageCount(rows: number, perPage: number): number {
  return Math.max(1, Math.ceil(rows / perPage));
}
