// Geography: the world map (its code and shapes fetched only once the card scrolls into view) and the top countries.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { formatNumber, formatPercent } from '../../lib/stat-format';
import { NO_DATA_MESSAGE } from '../../lib/card-state';
import CardFrame from './CardFrame';
import { useRange } from './use-dashboard';
import { useAnswer } from './use-start';

const WorldMap = lazy(() => import('./WorldMap'));
/** How many countries the list beside the map names. */
const TOP_COUNTRIES = 10;
/** Start fetching the map a little before the card is on screen. */
const MAP_PRELOAD_MARGIN = '200px';

function useSeen<T extends Element>() {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || seen) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: MAP_PRELOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);
  return [ref, seen] as const;
}

export default function GeographyCard() {
  const geography = useAnswer('geography');
  const { asOf } = useRange();
  const [ref, seen] = useSeen<HTMLDivElement>();
  const countries = geography.data?.countries ?? [];
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
              <WorldMap countries={countries} />
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
