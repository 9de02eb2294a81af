// The data block: group radio, the sortable table of 15 rows a page with each figure's change, the totals row and the pager.
import { Fragment } from 'react';
import { chooseGroup, choosePage, chooseSort } from '../../stores/analytics';
import { ANALYTICS_COLUMNS, formatFigure, GROUP_HEADINGS, pagerPages } from '../../lib/analytics/columns';
import { ANALYTICS_GROUPS, type AnalyticsChanges, type AnalyticsFigures, type AnalyticsSortColumn } from '../../lib/api/analytics';
import { formatChange } from '../../lib/formats/stat-format';
import { useHydrated } from '../shared/use-hydrated';
import MetricInfo from '../shared/MetricInfo';
import type { MeaningKey } from '../../lib/glossary/metrics';
import { useQuery, useShowTitle, useTable } from './use-analytics';

/** The figures' cells of a row (or the totals), each with its change when a comparison is set. */
function FigureCells({ figures, change }: { figures: AnalyticsFigures; change: AnalyticsChanges | null }) {
  return (
    <>
      {ANALYTICS_COLUMNS.map((column) => {
        const delta = change?.[column.field];
        return (
          <td key={column.field} data-field={column.field}>
            {formatFigure(column, figures[column.field])}
            {change && (
              <span className={`change change-${!delta ? 'flat' : delta > 0 ? 'up' : 'down'}`} data-change>
                {delta === null || delta === undefined ? '—' : formatChange(delta)}
              </span>
            )}
          </td>
        );
      })}
    </>
  );
}

function SortHeading({ column, label, meaning }: { column: AnalyticsSortColumn; label: string; meaning?: MeaningKey }) {
  const query = useQuery();
  const hydrated = useHydrated();
  const active = query.sort === column;
  return (
    <th scope="col" aria-sort={active ? (query.order === 'asc' ? 'ascending' : 'descending') : undefined}>
      <button type="button" className="link-button" onClick={() => chooseSort(column)} disabled={!hydrated}>
        {label}
        {active && <span aria-hidden="true">{query.order === 'asc' ? ' ▲' : ' ▼'}</span>}
      </button>
      {meaning && <MetricInfo metric={meaning} />}
    </th>
  );
}

export default function AnalyticsTable() {
  const query = useQuery();
  const table = useTable();
  const hydrated = useHydrated();
  const showTitle = useShowTitle();
  const data = table.data;
  const groups = ANALYTICS_GROUPS.filter((g) => g !== 'titles' || showTitle);
  const pages = data ? Math.max(1, Math.ceil(data.total_rows / data.per_page)) : 1;
  return (
    <section className="card analytics-data" aria-labelledby="analytics-data-heading" aria-busy={table.status === 'loading'}>
      <div className="analytics-block-head">
        <h2 id="analytics-data-heading">Data</h2>
        <fieldset className="analytics-group">
          <legend className="field-label">Group by</legend>
          {groups.map((group) => (
            <label key={group}>
              <input
                type="radio"
                name="analytics-group"
                checked={query.group === group}
                onChange={() => chooseGroup(group)}
                disabled={!hydrated}
              />
              {GROUP_HEADINGS[group]}
            </label>
          ))}
        </fieldset>
      </div>
      <div className="table-scroll">
        <table className="analytics-table">
          <thead>
            <tr>
              <SortHeading column="title" label={GROUP_HEADINGS[query.group]} />
              {ANALYTICS_COLUMNS.map((c) => (
                <SortHeading key={c.field} column={c.field} label={c.heading} meaning={c.meaning} />
              ))}
            </tr>
          </thead>
          <tbody>
            {data?.rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.title}</th>
                <FigureCells figures={row} change={row.change} />
              </tr>
            ))}
            {data && data.rows.length === 0 && (
              <tr>
                <td colSpan={ANALYTICS_COLUMNS.length + 1} className="muted">
                  No data available
                </td>
              </tr>
            )}
          </tbody>
          {data && data.total_rows > 0 && (
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <FigureCells figures={data.totals} change={data.totals.change} />
              </tr>
            </tfoot>
          )}
        </table>
      </div>
      {data && data.total_rows > 0 && query.group === 'titles' && (
        <p className="muted analytics-note" data-titles-total>
          Total is the titles&apos; figures added up. Subscribers gained on the channel page and figures of videos without a title belong to
          no title: they count in the Channels view.
        </p>
      )}
      {data && pages > 1 && (
        <nav className="pager" aria-label="Pages">
          <button type="button" className="link-button" onClick={() => choosePage(data.page - 1)} disabled={!hydrated || data.page <= 1}>
            Previous
          </button>
          {pagerPages(data.page, pages).map((page, i, shown) => (
            <Fragment key={page}>
              {i > 0 && page - (shown[i - 1] ?? page) > 1 && <span aria-hidden="true">…</span>}
              <button
                type="button"
                className="link-button"
                aria-current={page === data.page ? 'page' : undefined}
                onClick={() => choosePage(page)}
                disabled={!hydrated}
              >
                {page}
              </button>
            </Fragment>
          ))}
          <button
            type="button"
            className="link-button"
            onClick={() => choosePage(data.page + 1)}
            disabled={!hydrated || data.page >= pages}
          >
            Next
          </button>
        </nav>
      )}
    </section>
  );
}
