// The Views details page's traffic sources as an ExportTable: one row per source, as the page's table shows them.
import type { TrafficAnswer } from '../../../lib/api/traffic';
import type { ExportRow, ExportTable } from '../../export/table';
import type { StatRequest } from '../request';

const SECONDS_PER_MINUTE = 60;

/** A source's (or the total's) average view duration in whole seconds; null without views. */
export function averageViewSeconds(views: number, minutes: number): number | null {
  return views > 0 ? Math.round((minutes * SECONDS_PER_MINUTE) / views) : null;
}

const listLine = (items: ReadonlyArray<string | number> | undefined): string => (items?.length ? items.join(', ') : 'All');

/**
 * Every source of the answer, most views first, and the totals row.
 * @example const table = trafficExportTable(input, request, await getTraffic(db, request))
 */
export function trafficExportTable(
  input: { channels?: string[]; titles?: number[]; countries?: string[] },
  req: StatRequest,
  answer: TrafficAnswer,
): ExportTable {
  const cells = (row: TrafficAnswer | TrafficAnswer['sources'][number], name: string | null, share: number): ExportRow => ({
    name,
    views: row.views,
    share,
    watch_time_hours: Math.round(row.watch_time_minutes / SECONDS_PER_MINUTE),
    average_view_duration_seconds: averageViewSeconds(row.views, row.watch_time_minutes),
    engaged_views: row.engaged_views,
  });
  const span = req.lifetime ? 'lifetime' : `${req.range.from}-${req.range.to}`;
  return {
    title: 'Views by traffic source',
    filters: [
      { label: 'Period', value: req.lifetime ? 'Lifetime' : `${req.range.from} – ${req.range.to}` },
      { label: 'Channels', value: listLine(input.channels) },
      ...(input.titles?.length ? [{ label: 'Titles', value: listLine(input.titles) }] : []),
      // Traffic is stored without its country: the file says the filter was not applied.
      ...(input.countries?.length
        ? [{ label: 'Countries', value: `${listLine(input.countries)} (not applied: traffic has no country)` }]
        : []),
      { label: 'Grouped by', value: 'Traffic source' },
      { label: 'Sorted by', value: 'Views, descending' },
    ],
    columns: [
      { key: 'name', header: 'Traffic source', type: 'text' },
      { key: 'views', header: 'Views', type: 'integer' },
      { key: 'share', header: 'Share', type: 'percent' },
      { key: 'watch_time_hours', header: 'Watch time (hours)', type: 'integer' },
      { key: 'average_view_duration_seconds', header: 'AVD (seconds)', type: 'integer' },
      { key: 'engaged_views', header: 'Engaged views', type: 'integer' },
    ],
    rows: answer.sources.filter((s) => s.views > 0).map((s) => cells(s, s.name, s.share)),
    totals: cells(answer, null, answer.views > 0 ? 100 : 0),
    fileName: `viewdeck-views-sources-${span}`,
  };
}
