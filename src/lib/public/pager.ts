// Page links of the public lists (/trends, /find): "Page N of M", previous and next, and page numbers.

/** Page numbers shown on each side of the current ones before a gap. */
const AROUND = 2;

export interface Pager {
  /** How many pages the list has (at least 1). */
  pages: number;
  /** 'Page 2 of 7' or 'Pages 2–4 of 7' (with more loaded on the page); null past the last page. */
  label: string | null;
  /** Said instead of the label when the asked page is past the last one. */
  pastEnd: string | null;
  previous: number | null;
  next: number | null;
  /** Page numbers to link, with null where a run of pages is left out. */
  numbers: (number | null)[];
}

/**
 * The pager of a list of `count` items, `perPage` a page, showing pages `first` to `last`.
 * @example pager({ first: 2, count: 120, perPage: 50 }) // { pages: 3, label: 'Page 2 of 3', previous: 1, next: 3, ... }
 */
export function pager({ first, last = first, count, perPage }: { first: number; last?: number; count: number; perPage: number }): Pager {
  const pages = Math.max(1, Math.ceil(count / perPage));
  if (first > pages) {
    const pastEnd = `There is no page ${first}: the list has ${pages} ${pages === 1 ? 'page' : 'pages'}.`;
    return { pages, label: null, pastEnd, previous: pages, next: null, numbers: pageNumbers(pages, pages, pages) };
  }
  const end = Math.min(Math.max(last, first), pages);
  const label = end === first ? `Page ${first} of ${pages}` : `Pages ${first}\u2013${end} of ${pages}`;
  return {
    pages,
    label,
    pastEnd: null,
    previous: first > 1 ? first - 1 : null,
    next: end < pages ? end + 1 : null,
    numbers: pageNumbers(first, end, pages),
  };
}

/** The first page, the pages around first..last, the last page; null for each gap between them. */
function pageNumbers(first: number, last: number, pages: number): (number | null)[] {
  const wanted = new Set<number>([1, pages]);
  for (let p = Math.max(1, first - AROUND); p <= Math.min(pages, last + AROUND); p += 1) wanted.add(p);
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - (sorted[i - 1] ?? p) > 1) out.push(null);
    out.push(p);
  });
  return out;
}

/**
 * A 1-based page number from the URL; 1 when absent or not a whole number from 1 to `max`.
 * @example readPage('3', 100) // 3
 */
export function readPage(value: string | null, max: number): number {
  if (value === null || !/^\d{1,9}$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 && page <= max ? page : 1;
}
