// Geography: the world map (its code and shapes fetched only once the card scrolls into view) and the top countries.
import { lazy, Suspense, useMemo } from 'react';
import { useSeen } from '../shared/use-seen';
import { formatNumber, formatPercent } from '../../lib/stat-format';
import { NO_DATA_MESSAGE } from '../../lib/card-state';
import CardFrame from './CardFrame';
import { useRange } from './use-dashboard';
import { useAnswer } from './use-start';

const WorldMap = lazy(() => import('./WorldMap'));
/** How many countries the list beside the map names. */
const TOP_COUNTRIES = 10;
export default function GeographyCard() {
  const geography = useAnswer('geography');
  const { asOf } = useRange();
  const [ref, seen] = useSeen<HTMLDivElement>();
  const answered = geography.data?.countries;
  const countries = useMemo(() => answered ?? [], [answered]);
  // The map shades by views; a new array only with a new answer, so the map is not redrawn for nothing.
  const mapValues = useMemo(() => countries.map((c) => ({ code2: c.code2, value: c.views })), [countries]);
  const top = [...countries].sort((a, b) => b.views - a.views).slice(0, TOP_COUNTRIES);
  const empty = geography.status === 'loaded' || geography.status === 'failed' ? countries.length === 0 : false;
  const covered = geography.data?.title_views_covered ?? null;
  return (
    <CardFrame
      title="Geography"
      asOf={asOf}
      details="/details/views?group_by=countries"
      loading={geography.status === 'idle' || geography.status === 'loading'}
      wide
    >
      {covered !== null && covered < 100 && (
        <p className="note">
          Countries are known for {formatPercent(covered)} of these titles' views: days loaded before views by title and country were kept
          are left out.
        </p>
      )}
      <div className="geo" ref={ref}>
        <div className="geo-map">
          {seen && (
            <Suspense fallback={<div className="map-box" />}>
              <WorldMap countries={mapValues} />
            </Suspense>
          )}
        </div>
        {empty ? (
          <p className="empty">{geography.status === 'failed' ? 'No data available' : NO_DATA_MESSAGE}</p>
        ) : (
          <ol className="breakdown-list geo-list" aria-label="Top countries by views">
            {top.map((country) => (
              <li key={country.code2}>
                <span className="breakdown-name">{country.name}</span>
                <span className="breakdown-value" title={`${formatNumber(country.views)} views`}>
                  {formatPercent(country.value)}
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </CardFrame>
  );
}
