// Traffic sources: the period's views by where viewers came from, each source's share and its change.
import { formatNumber, formatPercent, percentChange } from '../../lib/formats/stat-format';
import { NO_DATA_MESSAGE } from '../../lib/dashboard/card-state';
import CardFrame, { ChangeBadge } from './CardFrame';
import { useRange } from './use-dashboard';
import { useAnswer } from './use-start';

export default function TrafficCard() {
  const traffic = useAnswer('traffic');
  const { asOf } = useRange();
  const answer = traffic.data;
  const sources = answer?.sources.filter((s) => s.views > 0) ?? [];
  const settled = traffic.status === 'loaded' || traffic.status === 'failed';
  return (
    <CardFrame
      meaning="traffic"
      title="Traffic sources"
      figure={answer ? formatNumber(answer.views) : null}
      change={answer ? percentChange(answer.views, answer.compare?.views) : null}
      asOf={asOf}
      details="/details/views"
      loading={!settled}
      wide
    >
      {answer?.not_filtered_by.includes('countries') && (
        <p className="note">Traffic sources are not filtered by country: they are kept per channel and title only.</p>
      )}
      {settled && sources.length === 0 ? (
        <p className="empty">{traffic.status === 'failed' ? 'No data available' : NO_DATA_MESSAGE}</p>
      ) : (
        <ol className="breakdown-list traffic-list" aria-label="Views by traffic source">
          {sources.map((source) => (
            <li key={source.source_type} data-source={source.source_type}>
              <span className="breakdown-name">{source.name}</span>
              <span className="traffic-bar" aria-hidden="true">
                <span style={{ width: `${Math.min(100, source.share)}%` }} />
              </span>
              <span className="breakdown-value" data-share>
                {formatPercent(source.share)}
              </span>
              <span className="breakdown-value traffic-views" data-views>
                {formatNumber(source.views)}
              </span>
              <ChangeBadge change={percentChange(source.views, source.compare_views)} />
            </li>
          ))}
        </ol>
      )}
    </CardFrame>
  );
}
