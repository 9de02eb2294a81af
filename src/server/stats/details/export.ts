// A details table as an ExportTable: the columns the page shows (every optional one), typed for the
// spreadsheet, the filters it was made with, every row in the table's order and the totals row.
import type { DetailRow, DetailsGroup, DetailsId, DetailsTopField, DetailTotals } from '../../../lib/api/details';
import { columnsFor, nameHeading } from '../../../lib/details/columns';
import type { ExportCellType, ExportColumn, ExportRow, ExportTable } from '../../export/table';
import type { StatRequest } from '../request';
import type { DetailsRowsAnswer } from './table';

/** The page a top field's table belongs to (the exports know the top field, not the page). */
const PAGE_OF: Record<DetailsTopField, Exclude<DetailsId, 'audience'>> = {
  partner_revenue: 'partner_revenue',
  views: 'views',
  subscribers: 'subs',
};

const TITLE_OF: Record<Exclude<DetailsId, 'audience'>, string> = { partner_revenue: 'Earnings', views: 'Views', subs: 'Subscribers' };

const CELL_TYPES: Record<ReturnType<typeof columnsFor>[number]['key'], ExportCellType> = {
  channel_date: 'date',
  subscribers: 'integer',
  views: 'integer',
  partner_revenue: 'money',
  finance: 'money',
  likes: 'integer',
  comments: 'integer',
  engaged_views: 'integer',
  rpm: 'money',
  svr: 'decimal',
  average_view_duration_seconds: 'integer',
  percent: 'percent',
};

/** Headings longer than the table's: a spreadsheet has no tooltip to say what RPM or AVD mean. */
const EXPORT_HEADERS: Partial<Record<keyof typeof CELL_TYPES, string>> = {
  channel_date: 'Joined network',
  rpm: 'RPM (earnings per 1,000 views)',
  svr: 'SVR (subscribers per 1,000 views)',
  average_view_duration_seconds: 'AVD (seconds)',
  percent: 'Share',
};

export interface DetailsExportInput {
  top_field: DetailsTopField;
  group: DetailsGroup;
  channels?: string[];
  titles?: number[];
  countries?: string[];
}

const listLine = (items: ReadonlyArray<string | number> | undefined): string => (items?.length ? items.join(', ') : 'All');

/**
 * The export of a details table as the page shows it: its columns (the optional ones all included), its
 * rows in the asked order, its totals, and lines naming the period, filters, grouping and sort.
 * @example const table = detailsExportTable(body, request, await detailsRows(db, request, body))
 */
export function detailsExportTable(input: DetailsExportInput, req: StatRequest, answer: DetailsRowsAnswer): ExportTable {
  const page = PAGE_OF[input.top_field];
  const figures = columnsFor(page, input.group);
  const columns: ExportColumn[] = [
    { key: 'name', header: nameHeading(input.group), type: 'text' },
    ...figures.map((c) => ({ key: c.key, header: EXPORT_HEADERS[c.key] ?? c.label, type: CELL_TYPES[c.key] })),
  ];
  const sortColumn = columns.find((c) => c.key === answer.sort);
  const period = req.lifetime ? 'Lifetime' : `${req.range.from} – ${req.range.to}`;
  const filters = [
    { label: 'Period', value: period },
    { label: 'Channels', value: listLine(input.channels) },
    ...(input.titles?.length ? [{ label: 'Titles', value: listLine(input.titles) }] : []),
    ...(input.countries?.length ? [{ label: 'Countries', value: listLine(input.countries) }] : []),
    { label: 'Grouped by', value: nameHeading(input.group) },
    { label: 'Sorted by', value: `${sortColumn?.header ?? answer.sort}, ${answer.order === 'desc' ? 'descending' : 'ascending'}` },
  ];
  const cells = (row: DetailRow | DetailTotals, name: string | null): ExportRow => {
    const out: ExportRow = { name };
    for (const column of figures)
      out[column.key] = column.key === 'channel_date' ? ((row as DetailRow).channel_date ?? null) : (row[column.key] ?? null);
    return out;
  };
  const span = req.lifetime ? 'lifetime' : `${req.range.from}-${req.range.to}`;
  return {
    title: `${TITLE_OF[page]} by ${nameHeading(input.group).toLowerCase()}`,
    filters,
    columns,
    rows: answer.rows.map((row) => cells(row, row.name)),
    totals: cells(answer.totals, null),
    fileName: `viewdeck-${page}-${input.group}-${span}`,
  };
}
