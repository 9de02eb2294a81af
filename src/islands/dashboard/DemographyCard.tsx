// Demography: the share of views by age bucket for men and women, with the gender split.
import { formatPercent } from '../../lib/formats/stat-format';
import { AGE_BUCKETS } from '../../lib/api/stats';
import { audienceCoverageNote } from '../../lib/dashboard/audience-coverage';
import { NO_DATA_MESSAGE } from '../../lib/dashboard/card-state';
import CardFrame from './CardFrame';
import DemographyDetails from './DemographyDetails';
import TrendChart from './LazyTrendChart';
import { useRange } from './use-dashboard';
import { useAnswer } from './use-start';
import { seriesStyle } from '../shared/series-style';

const MALE_COLOUR = '#3056d3';
const FEMALE_COLOUR = '#d6336c';

export default function DemographyCard() {
  const demographics = useAnswer('demographics');
  const { asOf } = useRange();
  const audience = demographics.data?.[0];
  const empty = demographics.status !== 'loading' && demographics.status !== 'idle' && !audience;
  const covered = audience?.title_views_covered ?? null;
  return (
    <CardFrame
      meaning="demography"
      title="Demography"
      asOf={asOf}
      details="/details/audience"
      loading={demographics.status === 'idle' || demographics.status === 'loading'}
      wide
    >
      {empty ? (
        <p className="empty">{demographics.status === 'failed' ? 'No data available' : NO_DATA_MESSAGE}</p>
      ) : (
        <>
          {audience?.not_filtered_by.includes('countries') && (
            <p className="note">Audience figures are not filtered by country: YouTube reports them per channel and video only.</p>
          )}
          {covered !== null && covered < 100 && (
            <p className="note" data-audience-covered>
              {audienceCoverageNote(covered)}
            </p>
          )}
          <p className="gender-split">
            <span>
              <span className="swatch" style={seriesStyle(MALE_COLOUR)} aria-hidden="true" /> Male{' '}
              <strong>{audience ? formatPercent(audience.male) : '—'}</strong>
            </span>
            <span>
              <span className="swatch" style={seriesStyle(FEMALE_COLOUR)} aria-hidden="true" /> Female{' '}
              <strong>{audience ? formatPercent(audience.female) : '—'}</strong>
            </span>
          </p>
          <TrendChart
            kind="bar"
            labels={[...AGE_BUCKETS]}
            series={[
              { label: 'Male', values: AGE_BUCKETS.map((age) => audience?.ages.male_age[age] ?? 0), colour: MALE_COLOUR },
              { label: 'Female', values: AGE_BUCKETS.map((age) => audience?.ages.female_age[age] ?? 0), colour: FEMALE_COLOUR },
            ]}
            maxTicks={AGE_BUCKETS.length}
            format={formatPercent}
            description="Share of views by age group and gender"
          />
          <DemographyDetails details={audience?.details ?? []} />
        </>
      )}
    </CardFrame>
  );
}
