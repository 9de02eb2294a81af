// Geography: the world map (its code and shapes fetched only once the card scrolls into view) and the top countries.
import { useMemo } from 'react';
import LazyWorldMap from '../shared/LazyWorldMap';
import { useSeen } from '../shared/use-seen';
import { formatNumber, formatPercent } from '../../lib/formats/stat-format';
import { NO_DATA_MESSAGE } from '../../lib/dashboard/card-state';
import type { DaySpan } from '../../lib/api/stats';
import { CUSTOM, periodLabel } from '../../lib/dates/periods';
import CardFrame from './CardFrame';
import { useRange } from './use-dashboard';
import { useAnswer } from './use-start';

/** Days a folded month leaves out of the range, as the header writes a period: 22 Nov 2025 – 30 Nov 2025. */
const spanLabel = (span: DaySpan) => periodLabel({ value: CUSTOM, from: span.from, to: span.to, custom: true });
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
  const leftOut = geography.data?.title_days_left_out ?? [];
  return (
    <CardFrame
      meaning="geography"
      title="Geography"
      asOf={asOf}
      details="/details/views?group_by=countries"
      loading={geography.status === 'idle' || geography.status === 'loading'}
      wide
    >
      {leftOut.length > 0 ? (
        <p className="note">
          Views by title and country older than 60 days are kept by whole month, so {leftOut.map(spanLabel).join(' and ')}{' '}
          {leftOut.length > 1 ? 'are' : 'is'} left out
          {covered !== null && covered < 100 ? ` (${formatPercent(covered)} of these titles' views shown)` : ''}.
        </p>
      ) : (
        covered !== null &&
        covered < 100 && (
          <p className="note">
            Countries are known for {formatPercent(covered)} of these titles' views: days loaded before views by title and country were kept
            are left out.
          </p>
        )
      )}
      <div className="geo" ref={ref}>
        <div className="geo-map">{seen && <LazyWorldMap countries={mapValues} />}</div>
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
