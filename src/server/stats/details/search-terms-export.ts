// The Views details page's top YouTube search terms as an ExportTable: one row per term, "Other terms", the totals.
import type { SearchTermsAnswer } from '../../../lib/api/search-terms';
import type { ExportRow, ExportTable } from '../../export/table';
import type { StatRequest } from '../request';

const MINUTES_PER_HOUR = 60;
const listLine = (items: ReadonlyArray<string | number> | undefined): string => (items?.length ? items.join(', ') : 'All');

/** The name "other terms" are written under, in the page's table and its downloads. */
export const OTHER_TERMS_LABEL = 'Other terms';

/**
 * The answer's terms, most views first, then "Other terms" and the totals row.
 * @example const table = searchTermsExportTable(input, request, await getSearchTerms(db, request))
 */
export function searchTermsExportTable(
  input: { channels?: string[]; titles?: number[]; countries?: string[] },
  req: StatRequest,
  answer: SearchTermsAnswer,
): ExportTable {
  const cells = (term: string | null, row: { views: number; watch_time_minutes: number }, share: number): ExportRow => ({
    term,
    views: row.views,
    share,
    watch_time_hours: Math.round(row.watch_time_minutes / MINUTES_PER_HOUR),
  });
  const span = req.lifetime ? 'lifetime' : `${req.range.from}-${req.range.to}`;
  const notApplied = (label: string, items: ReadonlyArray<string | number> | undefined) =>
    items?.length ? [{ label, value: `${listLine(items)} (not applied: search terms are kept per channel)` }] : [];
  return {
    title: 'Top YouTube search terms',
    filters: [
      { label: 'Period', value: req.lifetime ? 'Lifetime' : `${req.range.from} – ${req.range.to}` },
      { label: 'Channels', value: listLine(input.channels) },
      ...notApplied('Titles', input.titles),
      ...notApplied('Countries', input.countries),
      { label: 'Other terms', value: `terms outside each day's top ${answer.terms_per_day}, and searches YouTube names no term for` },
      { label: 'Sorted by', value: 'Views, descending' },
    ],
    columns: [
      { key: 'term', header: 'Search term', type: 'text' },
      { key: 'views', header: 'Views', type: 'integer' },
      { key: 'share', header: 'Share', type: 'percent' },
      { key: 'watch_time_hours', header: 'Watch time (hours)', type: 'integer' },
    ],
    rows: [
      ...answer.terms.map((t) => cells(t.term, t, t.share)),
      ...(answer.other.views > 0 ? [cells(OTHER_TERMS_LABEL, answer.other, answer.other.share)] : []),
    ],
    totals: cells(null, answer, answer.views > 0 ? 100 : 0),
    fileName: `viewdeck-views-search-terms-${span}`,
  };
}
