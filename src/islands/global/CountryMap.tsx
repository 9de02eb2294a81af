// The countries of the period on a world map, logarithmic scale (public-stats spec: "Map on a logarithmic
// scale"), one metric at a time. Astro hydrates it when scrolled into view and the map itself is a chunk of
// its own, so a visitor who never scrolls here downloads none of it; without JavaScript the Countries table
// below gives the same figures.
import { useMemo, useState } from 'react';
import { mapValues, type ShareMetric, type ShareSlice } from '../../lib/formats/global-format';
import { formatHours, formatNumber } from '../../lib/formats/stat-format';
import LazyWorldMap from '../shared/LazyWorldMap';
import { useHydrated } from '../shared/use-hydrated';
import ShareMetricSelect from './ShareMetricSelect';

interface Props {
  countries: ShareSlice[];
}

/** What a country's tooltip and the map's accessible name call each metric. */
const MAP_LABELS: Record<ShareMetric, string> = {
  monthly_views: 'monthly views',
  watchtime: 'hours watched (est.)',
  monthly_subs: 'monthly subscribers',
  subscribers: 'subscribers',
};

export default function CountryMap({ countries }: Props) {
  const [metric, setMetric] = useState<ShareMetric>('monthly_views');
  const values = useMemo(() => mapValues(countries, metric), [countries, metric]);
  // The map is drawn in the browser only: rendered on the server, its lazy chunk would make React stream
  // inline scripts to swap it in, which the pages' CSP refuses (and which would draw nothing anyway).
  const hydrated = useHydrated();
  return (
    <div className="country-map">
      <ShareMetricSelect label="Map of" labelVisible value={metric} onChange={setMetric} />
      {!values.some((v) => v.value > 0) ? (
        <p className="muted">No data</p>
      ) : hydrated ? (
        <LazyWorldMap countries={values} label={MAP_LABELS[metric]} format={metric === 'watchtime' ? formatHours : formatNumber} />
      ) : (
        <div className="map-box" />
      )}
    </div>
  );
}
