// The details page (/details/{id}, /analytics/{id}/{tab}): header, metric and tab switches, downloads,
// summary, the table or chart, and the filters panel, hydrated from what the server rendered.
import { useEffect, useState, type MouseEvent } from 'react';
import { DETAILS_IDS } from '../../lib/api/details';
import { metricTitle } from '../../components/metric-titles';
import { exportLinks } from '../../lib/details/call-bodies';
import { detailsHref, type DetailsQuery, type DetailsRoute, type DetailsTab } from '../../lib/details/query';
import type { DetailsStart } from '../../lib/details/start';
import { displayDate, periodLabel } from '../../lib/dates/periods';
import { chooseId, chooseTab, settleDetailsInBrowser, type DetailsUser } from '../../stores/details';
import { loadUnansweredBlocks, startBlocks } from '../../stores/details-data';
import { ServerToday } from '../dashboard/use-dashboard';
import Toast from '../shared/Toast';
import AudienceTable from './AudienceTable';
import DetailsChart from './DetailsChart';
import DetailsFilters from './DetailsFilters';
import DetailsTable from './DetailsTable';
import Summary from './Summary';
import TrafficSourcesTable from './TrafficSourcesTable';
import SearchTermsTable from './SearchTermsTable';
import { DetailsStartContext, useDetails, useDetailsMaxDate, useDetailsUser } from './use-details';

interface Props {
  user: DetailsUser;
  start: DetailsStart;
  /** Which of the page's two routes rendered it: the links keep to it. */
  route: DetailsRoute;
  /** The server's today: the first render's period menu matches the HTML. */
  today: string;
}

export default function Details({ user, start, route, today }: Props) {
  // Once, before the first render in the browser: the stores take the server's answers (never on the server).
  const [started] = useState(() => {
    if (typeof window !== 'undefined') startBlocks(start, user);
    return { start, user };
  });
  useEffect(() => {
    settleDetailsInBrowser(started.start);
    loadUnansweredBlocks();
  }, [started]);

  return (
    <DetailsStartContext.Provider value={started}>
      <ServerToday.Provider value={today}>
        <Body route={route} />
      </ServerToday.Provider>
    </DetailsStartContext.Provider>
  );
}

/** A link that switches in place once the island runs (and navigates before that). */
function switchTo(act: () => void) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    act();
  };
}

function Switches({ query, route }: { query: DetailsQuery; route: DetailsRoute }) {
  const user = useDetailsUser();
  const ids = DETAILS_IDS.filter((id) => id !== 'subs' || !user.onlyInhouseChannels);
  const tabs: DetailsTab[] = ['table', 'chart'];
  return (
    <div className="details-switches">
      <nav className="dash-tabs" aria-label="Metric">
        {ids.map((id) => (
          <a
            key={id}
            href={detailsHref({ ...query, id, page: 1 }, route)}
            aria-current={id === query.id ? 'page' : undefined}
            onClick={switchTo(() => chooseId(id))}
          >
            {metricTitle(id)}
          </a>
        ))}
      </nav>
      <nav className="dash-tabs" aria-label="View">
        {tabs.map((tab) => (
          <a
            key={tab}
            href={detailsHref({ ...query, tab }, route)}
            aria-current={tab === query.tab ? 'page' : undefined}
            onClick={switchTo(() => chooseTab(tab))}
          >
            {tab === 'table' ? 'Table' : 'Chart'}
          </a>
        ))}
      </nav>
    </div>
  );
}

function Body({ route }: { route: DetailsRoute }) {
  const query = useDetails();
  const maxDate = useDetailsMaxDate();
  const user = useDetailsUser();
  const [filtersOpen, setFiltersOpen] = useState(false);
  useEffect(() => {
    if (query) document.title = `${metricTitle(query.id)} · Viewdeck`;
  }, [query]);
  if (!query) return null;
  const exports = query.id !== 'audience' && query.tab === 'table' ? exportLinks(query, user) : null;

  return (
    <div className="dashboard details">
      <header className="dash-head">
        <div>
          <h1>{metricTitle(query.id)}</h1>
          <p className="dash-range">
            <span data-range>{periodLabel(query.period)}</span>
            {maxDate && <span className="muted"> · data as of {displayDate(maxDate)}</span>}
          </p>
        </div>
        <div className="details-actions">
          {exports && (
            <>
              <a className="button button-secondary" href={exports.xlsx} download>
                Download XLS
              </a>
              <a className="button button-secondary" href={exports.csv} download>
                CSV
              </a>
            </>
          )}
          <button
            type="button"
            className="button button-secondary filters-toggle"
            aria-expanded={filtersOpen}
            aria-controls="details-filters"
            onClick={() => setFiltersOpen(!filtersOpen)}
          >
            Filters
          </button>
        </div>
      </header>
      <Switches query={query} route={route} />
      <div className="dash-layout">
        <div className="details-main">
          <Summary id={query.id} />
          {query.tab === 'chart' ? (
            <DetailsChart query={query} />
          ) : query.id === 'audience' ? (
            <AudienceTable />
          ) : (
            <DetailsTable query={query} />
          )}
          {query.tab === 'table' && query.id === 'views' && (
            <>
              <TrafficSourcesTable query={query} />
              <SearchTermsTable query={query} />
            </>
          )}
        </div>
        <DetailsFilters query={query} open={filtersOpen} />
      </div>
      <Toast title="Details" />
    </div>
  );
}
