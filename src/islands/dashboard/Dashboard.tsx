// The dashboard body: header with the range, the cards and the filters panel, sharing the dashboard stores.
import { useEffect, useState } from 'react';
import { loadFilterOptions, settleInBrowser, type DashboardUser } from '../../stores/dashboard';
import { loadUnanswered, startCards } from '../../stores/dashboard-data';
import type { DashboardStart } from '../../lib/dashboard/query';
import { comparisonNote, displayDate, periodLabel } from '../../lib/dates/periods';
import { formatHours, formatNumber, minutesToHours } from '../../lib/formats/stat-format';
import Toast from '../shared/Toast';
import DemographyCard from './DemographyCard';
import EarningsCard from './EarningsCard';
import EngagementCard from './EngagementCard';
import ContentTiles from './ContentTiles';
import FiltersPanel from './FiltersPanel';
import GeographyCard from './GeographyCard';
import MetricCard from './MetricCard';
import SubscribersCard from './SubscribersCard';
import TrafficCard from './TrafficCard';
import { ServerToday } from './use-dashboard';
import { StartContext, useMaxDate, useQuery } from './use-start';
import { MINUTES_PER_HOUR } from '../../lib/dates/time';

interface Props extends DashboardUser {
  /** The query the server settled from the URL, and every card's answer for it (src/server/partner/dashboard/start.ts). */
  start: DashboardStart;
  /** The server's today (YYYY-MM-DD): the first render uses it, so hydration matches the HTML. */
  today: string;
}

const hours = (h: number) => formatHours(h * MINUTES_PER_HOUR);

export default function Dashboard({ showTitle, onlyInhouseChannels, start, today }: Props) {
  // Once, before the first render in the browser: the stores take the server's answers, so hydration
  // shows the same figures and asks for none of them. Never on the server (see use-start.ts).
  const [started] = useState(() => {
    const user = { showTitle, onlyInhouseChannels };
    if (typeof window !== 'undefined') startCards(start, user);
    return { start, user };
  });

  useEffect(() => {
    settleInBrowser(started.start);
    loadUnanswered();
  }, [started]);

  return (
    <StartContext.Provider value={started}>
      <ServerToday.Provider value={today}>
        <Body onlyInhouseChannels={onlyInhouseChannels} />
      </ServerToday.Provider>
    </StartContext.Provider>
  );
}

/** Inside the providers, so the server reads its own answers through the same hooks as the browser. */
function Body({ onlyInhouseChannels }: { onlyInhouseChannels: boolean }) {
  const query = useQuery();
  const maxDate = useMaxDate();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const compared = query ? comparisonNote(query.period) : null;

  return (
    <div className="dashboard">
      <header className="dash-head">
        <div>
          <h1>Dashboard</h1>
          <p className="dash-range">
            <span data-range>{query ? periodLabel(query.period) : ''}</span>
            {maxDate && (
              <span className="muted" data-as-of>
                {' '}
                · data as of {displayDate(maxDate)}
              </span>
            )}
          </p>
          {compared && (
            <p className="dash-compare muted" data-compare>
              {compared}
            </p>
          )}
        </div>
        <button
          type="button"
          className="button button-secondary filters-toggle"
          aria-expanded={filtersOpen}
          aria-controls="dashboard-filters"
          onClick={() => {
            void loadFilterOptions();
            setFiltersOpen(!filtersOpen);
          }}
        >
          Filters
        </button>
      </header>
      <div className="dash-layout">
        <div className="dash-cards">
          <EarningsCard />
          <MetricCard metric="views" title="Views" details="/details/views" format={formatNumber} />
          <EngagementCard />
          {!onlyInhouseChannels && <SubscribersCard />}
          {/* Without the Subscribers card, Watch time would sit alone in its row. */}
          <MetricCard metric="watch_time" title="Watch time" format={hours} scale={minutesToHours} wide={onlyInhouseChannels} />
          <GeographyCard />
          <DemographyCard />
          <TrafficCard />
        </div>
        <FiltersPanel open={filtersOpen} />
      </div>
      <ContentTiles onlyInhouseChannels={onlyInhouseChannels} />
      <Toast title="Dashboard" />
    </div>
  );
}
