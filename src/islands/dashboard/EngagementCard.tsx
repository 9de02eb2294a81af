// Engagement: likes, dislikes, comments, videos published, average view duration, watch time, thumbnail
// impressions and their click-through rate, each with its change.
import { formatDuration, formatHours, formatNumber, formatPercent, percentChange } from '../../lib/formats/stat-format';
import type { EngagementFigures } from '../../lib/api/stats';
import CardFrame, { ChangeBadge } from './CardFrame';
import { useRange } from './use-dashboard';
import { useAnswer } from './use-start';

const FIGURES: [keyof EngagementFigures, string, (value: number) => string][] = [
  ['likes', 'Likes', formatNumber],
  ['dislikes', 'Dislikes', formatNumber],
  ['comments', 'Comments', formatNumber],
  ['video_count', 'Videos published', formatNumber],
  ['average_view_duration_seconds', 'Average view duration', formatDuration],
  ['watch_time_minutes', 'Watch time', formatHours],
  ['impressions', 'Impressions', formatNumber],
  ['impressions_ctr', 'Impressions CTR', formatPercent],
];
/** A CTR without impressions (and reach under a countries filter, which the API allows) has no value. */
const MISSING = 'N/A';

function figureText(value: number | null, format: (value: number) => string): string {
  return value === null ? MISSING : format(value);
}

export default function EngagementCard() {
  const engagement = useAnswer('engagement');
  const { asOf } = useRange();
  const data = engagement.data;
  return (
    <CardFrame
      title="Engagement"
      meaning="engagement"
      asOf={asOf}
      loading={engagement.status === 'idle' || engagement.status === 'loading'}
      wide
      compact
    >
      <dl className="engagement">
        {FIGURES.map(([key, label, format]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd>
              <span data-figure={key}>{data ? figureText(data[key], format) : '—'}</span>{' '}
              {data && data[key] !== null && <ChangeBadge change={percentChange(data[key], data.compare?.[key])} />}
            </dd>
          </div>
        ))}
      </dl>
    </CardFrame>
  );
}
