// The profile's PROPERTY block (docs/partner-area.md, "Profile and managers"): tabs Videos and
// Channels over the server's first view, the tab, period and page kept in the URL.
import type { PropertyStart, PropertyTab } from '../../lib/partner/property-query';
import { ServerToday } from '../dashboard/use-dashboard';
import { useHydrated } from '../shared/use-hydrated';
import PropertyChannels from './PropertyChannels';
import PropertyVideos from './PropertyVideos';
import { useProperty } from './use-property';

interface Props {
  start: PropertyStart;
  /** The server's today: the period menu renders for it until the island has hydrated. */
  today: string;
  showAnalytics: boolean;
}

const TABS: { tab: PropertyTab; label: string }[] = [
  { tab: 'videos', label: 'Videos' },
  { tab: 'channels', label: 'Channels' },
];

export default function Property({ start, today, showAnalytics }: Props) {
  const hydrated = useHydrated();
  const { query, videos, channels, loading, choose } = useProperty(start);
  return (
    <ServerToday.Provider value={today}>
      <section className="card property" aria-labelledby="property-heading">
        <h2 id="property-heading">Property</h2>
        <div className="dash-tabs" role="tablist" aria-label="Property">
          {TABS.map(({ tab, label }) => (
            <button
              key={tab}
              id={`property-tab-${tab}`}
              type="button"
              role="tab"
              aria-selected={tab === query.tab}
              aria-controls="property-panel"
              disabled={!hydrated}
              onClick={() => tab !== query.tab && choose({ ...query, tab })}
            >
              {label}
            </button>
          ))}
        </div>
        <div id="property-panel" role="tabpanel" aria-labelledby={`property-tab-${query.tab}`}>
          {query.tab === 'videos' ? (
            <PropertyVideos
              query={query}
              videos={videos}
              loading={loading}
              maxDate={start.maxDate}
              showAnalytics={showAnalytics}
              onChoose={choose}
            />
          ) : (
            <PropertyChannels channels={channels} showAnalytics={showAnalytics} />
          )}
        </div>
      </section>
    </ServerToday.Provider>
  );
}
