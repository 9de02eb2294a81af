// The dashboard body: header with the range, the cards and the filters panel, sharing the dashboard stores.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $maxDate, $query, startDashboard, type DashboardUser } from '../../stores/dashboard';
import { comparisonNote, displayDate, periodLabel } from '../../lib/periods';
import { formatHours, formatNumber, minutesToHours } from '../../lib/stat-format';
import Toast from '../shared/Toast';
import DemographyCard from './DemographyCard';
import EarningsCard from './EarningsCard';
import EngagementCard from './EngagementCard';
import FiltersPanel from './FiltersPanel';
import GeographyCard from './GeographyCard';
import MetricCard from './MetricCard';
import SubscribersCard from './SubscribersCard';
import { ServerToday } from './use-dashboard';
import { MINUTES_PER_HOUR } from '../../lib/time';

interface Props extends DashboardUser {
  /** The range as the server worked it out from the URL, shown until the browser settles the period. */
  initialRange: string;
  /** The server's today (YYYY-MM-DD): the first render uses it, so hydration matches the HTML. */
  today: string;
}

const hours = (h: number) => formatHours(h * MINUTES_PER_HOUR);

export default function Dashboard({ showTitle, onlyInhouseChannels, initialRange, today }: Props) {
  const query = useStore($query);
  const maxDate = useStore($maxDate);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const compared = query ? comparisonNote(query.period) : null;

  useEffect(() => {
    void startDashboard({ showTitle, onlyInhouseChannels });
  }, [showTitle, onlyInhouseChannels]);

  return (
    <ServerToday.Provider value={today}>
      <div className="dashboard">
        <header className="dash-head">
          <div>
            <h1>Dashboard</h1>
            <p className="dash-range">
              <span data-range>{query ? periodLabel(query.period) : initialRange}</span>
              {maxDate && <span className="muted"> · data as of {displayDate(maxDate)}</span>}
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
            onClick={() => setFiltersOpen(!filtersOpen)}
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
          </div>
          <FiltersPanel open={filtersOpen} />
        </div>
        <Toast title="Dashboard" />
      </div>
    </ServerToday.Provider>
  );
}
