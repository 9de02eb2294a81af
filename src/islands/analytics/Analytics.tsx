// The analytics page body: filter bar, graph block and the grouped table, over the analytics stores.
import { useEffect, useState } from 'react';
import { abortAll, startAnalytics } from '../../stores/analytics';
import { type AnalyticsStart, comparisonRange, writeAnalyticsQuery } from '../../lib/analytics/query';
import { periodLabel } from '../../lib/dates/periods';
import AnalyticsFilters from './AnalyticsFilters';
import AnalyticsGraph from './AnalyticsGraph';
import AnalyticsTable from './AnalyticsTable';
import { StartContext, useQuery } from './use-analytics';

interface Props {
  start: AnalyticsStart;
  showTitle: boolean;
  /** The server's today (YYYY-MM-DD): the first render uses it, so hydration matches the HTML. */
  today: string;
  /** Whether the page offers the spreadsheet of the current table (GET /api/stat/extended/xlsx). */
  download: boolean;
}

export default function Analytics({ start, showTitle, today, download }: Props) {
  // Once, before the first render in the browser: the stores take the server's answers, so hydration
  // shows the same figures and asks for none of them. Never on the server (module state is shared there).
  const [started] = useState(() => {
    if (typeof window !== 'undefined') startAnalytics(start, { showTitle });
    return { start, showTitle, today };
  });
  useEffect(() => abortAll, []);

  return (
    <StartContext.Provider value={started}>
      <div className="analytics">
        <header className="dash-head">
          <div>
            <h1>Analytics</h1>
            <Range />
          </div>
          {download && <DownloadLink />}
        </header>
        <AnalyticsFilters />
        <AnalyticsGraph />
        <AnalyticsTable />
      </div>
    </StartContext.Provider>
  );
}

/** The applied range, and what the changes compare with. */
function Range() {
  const query = useQuery();
  const compare = comparisonRange(query);
  return (
    <>
      <p className="dash-range" data-range>
        {periodLabel(query.period)}
      </p>
      {compare && (
        <p className="dash-compare muted" data-compare>
          Changes compare with {periodLabel({ ...query.period, ...compare })}
        </p>
      )}
    </>
  );
}

/** The spreadsheet of what the page shows: the same query string as the page's address. */
function DownloadLink() {
  const query = useQuery();
  return (
    <a className="button button-secondary" href={`/api/stat/extended/xlsx${writeAnalyticsQuery(query)}`} download>
      Download XLS
    </a>
  );
}
