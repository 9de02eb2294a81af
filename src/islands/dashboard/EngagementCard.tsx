// Engagement: likes, dislikes, comments, videos published, average view duration and watch time, each with its change.
import { formatDuration, formatHours, formatNumber, percentChange } from '../../lib/formats/stat-format';
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
];

export default function EngagementCard() {
  const engagement = useAnswer('engagement');
  const { asOf } = useRange();
  const data = engagement.data;
  return (
    <CardFrame title="Engagement" asOf={asOf} loading={engagement.status === 'idle' || engagement.status === 'loading'} wide compact>
      <dl className="engagement">
        {FIGURES.map(([key, label, format]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd>
              <span data-figure={key}>{data ? format(data[key]) : '—'}</span>{' '}
              {data && <ChangeBadge change={percentChange(data[key], data.compare?.[key])} />}
            </dd>
          </div>
        ))}
      </dl>
    </CardFrame>
  );
}
