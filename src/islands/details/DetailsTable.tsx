// The channel, title or country table: sortable headings (the server sorts and pages), the totals row,
// the pager, and on the channel table the optional columns' checkboxes.
import { TOP_FIELD_OF, type DetailsAnswer, type DetailSortColumn } from '../../lib/api/details';
import { paletteColour } from '../../lib/dates/chart-rules';
import { COLUMN_MEANINGS, columnsFor, formatCell, nameHeading, shownColumns } from '../../lib/details/columns';
import { nextSort, type DetailsQuery } from '../../lib/details/query';
import { DETAILS_PAGER_NEIGHBOURS, pageCount } from '../../lib/partner/pager';
import { choosePage, chooseSort } from '../../stores/details';
import Pager from '../shared/Pager';
import { useHydrated } from '../shared/use-hydrated';
import EngagedViewsNote from '../shared/EngagedViewsNote';
import BlockFrame from './BlockFrame';
import ColumnChooser from './ColumnChooser';
import RowName from './RowName';
import SortHead from './SortHead';
import { useChosenColumns, useNarrow } from './use-columns';
import { useBlock, useDetailsUser } from './use-details';

export const NO_DATA = 'No data available';

export default function DetailsTable({ query }: { query: DetailsQuery }) {
  const block = useBlock('table');
  const { showAnalytics } = useDetailsUser();
  const hydrated = useHydrated();
  const narrow = useNarrow();
  const all = columnsFor(query.id, query.group);
  const [chosen, setChosen] = useChosenColumns(query.id, all);
  const channelTable = query.group === 'channels';
  const columns = channelTable ? shownColumns(all, chosen, narrow) : all;
  const answer: DetailsAnswer | null = block.data;
  const topField = TOP_FIELD_OF[query.id];
  // The answer's own sort names what the rows are in; the query's once a click has asked for another.
  const sorted = { column: query.sort.column ?? topField, order: query.sort.order };
  const busy = !hydrated || block.status === 'loading';
  const sortBy = (column: DetailSortColumn) => chooseSort(nextSort(query.sort, column, topField));
  const orderOf = (column: DetailSortColumn) => (sorted.column === column ? sorted.order : null);
  const engaged = columns.some((c) => c.key === 'engaged_views') && answer?.rows.some((r) => r.video_type === 'short');

  return (
    <BlockFrame label="Table" block={block} className="details-table-block">
      {channelTable && <ColumnChooser columns={all} chosen={chosen} narrow={narrow} onChange={setChosen} />}
      {answer && answer.rows.length === 0 ? (
        <p className="empty">{NO_DATA}</p>
      ) : (
        <div className="table-scroll">
          <table className="details-table" aria-label={`${nameHeading(query.group)} table`}>
            <thead>
              <tr>
                <SortHead
                  label={nameHeading(query.group)}
                  order={orderOf('name')}
                  onSort={() => sortBy('name')}
                  disabled={busy}
                  numeric={false}
                />
                {columns.map((column) => (
                  <SortHead
                    key={column.key}
                    label={column.label}
                    meaning={COLUMN_MEANINGS[column.key]}
                    order={orderOf(column.key)}
                    onSort={() => sortBy(column.key)}
                    disabled={busy}
                  />
                ))}
              </tr>
            </thead>
            <tbody>
              {answer?.rows.map((row) => (
                // The colour of the row's line on the Detailed chart (its place by the metric), whatever the sort.
                <tr key={row.key} style={{ '--row-colour': paletteColour(row.rank - 1) } as React.CSSProperties}>
                  <th scope="row" className="row-name">
                    <RowName row={row} group={query.group} linkChannels={showAnalytics} />
                  </th>
                  {columns.map((column) => (
                    <td key={column.key} className="num" data-column={column.key}>
                      {formatCell(row, column.key)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            {answer && (
              <tfoot>
                <tr>
                  <th scope="row">Total</th>
                  {columns.map((column) => (
                    <td key={column.key} className="num" data-column={column.key}>
                      {column.key === 'channel_date' ? '' : formatCell(answer.totals, column.key)}
                    </td>
                  ))}
                </tr>
              </tfoot>
            )}
          </table>
        </div>
      )}
      {engaged && <EngagedViewsNote />}
      {answer && (
        <Pager
          page={answer.page}
          pages={pageCount(answer.total_rows, answer.per_page)}
          neighbours={DETAILS_PAGER_NEIGHBOURS}
          onPage={choosePage}
          disabled={busy}
          label={`${nameHeading(query.group)} table pages`}
        />
      )}
    </BlockFrame>
  );
}
