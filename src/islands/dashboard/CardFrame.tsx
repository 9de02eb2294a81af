// A dashboard card: title, headline figure with its change, tabs, Details link, "as of" and loading overlay.
import type { ReactNode } from 'react';
import { useQuery } from './use-start';
import type { CardTab } from '../../stores/dashboard-data';
import { displayDate, periodLabel, previousRange } from '../../lib/dates/periods';
import { formatChange } from '../../lib/formats/stat-format';
import { useCardMessage } from './use-card-message';
import { detailsHref } from '../../lib/details/link';
import type { MeaningKey } from '../../lib/glossary/metrics';
import MetricInfo from '../shared/MetricInfo';

const TAB_NAMES: Record<CardTab, string> = { total: 'Total', channels: 'Channels', titles: 'Titles', formats: 'Formats' };

interface Props {
  title: string;
  /** Shown on hover and read out after the title. */
  hint?: string;
  /** The figure whose meaning the "i" beside the title opens. */
  meaning?: MeaningKey;
  figure?: string | null;
  change?: number | null;
  asOf: string | null;
  tabs?: CardTab[];
  tab?: CardTab;
  onTab?: (tab: CardTab) => void;
  details?: string;
  loading: boolean;
  wide?: boolean;
  /** For cards of figures rather than a chart: no room kept for a chart. */
  compact?: boolean;
  children: ReactNode;
}

export function ChangeBadge({ change }: { change: number | null | undefined }) {
  // Month and year presets compare with the previous calendar month or year, other ranges with the
  // days just before them: the badge names the range it was computed against.
  const query = useQuery();
  if (change === null || change === undefined) return null;
  const trend = change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
  const previous = query ? previousRange(query.period) : null;
  const against = previous ? `against ${periodLabel({ ...query!.period, ...previous })}` : 'against the previous period';
  return (
    <span className={`change change-${trend}`} title={`Change ${against}`}>
      {formatChange(change)}
      <span className="visually-hidden"> {against}</span>
    </span>
  );
}

export default function CardFrame(props: Props) {
  const { title, hint, meaning, figure, change, asOf, tabs, tab, onTab, details, wide, compact } = props;
  // No channels, or a period without data: one plain sentence instead of $0.00 and flat lines.
  const message = useCardMessage();
  const loading = props.loading && message === null;
  const query = useQuery();
  return (
    <section className={wide ? 'card dash-card dash-card-wide' : 'card dash-card'} aria-label={title} aria-busy={loading}>
      <header className="dash-card-head">
        <div className="dash-card-title">
          <h2>
            {title}
            {hint && (
              <span className="hint" title={hint}>
                <span aria-hidden="true">i</span>
                <span className="visually-hidden">({hint})</span>
              </span>
            )}
          </h2>
          {meaning && <MetricInfo metric={meaning} asOf={asOf} />}
        </div>
        {details && (
          <a className="details-link" href={detailsHref(details, query)} aria-label={`${title} details`}>
            Details
          </a>
        )}
      </header>
      {figure !== undefined && message === null && (
        <p className="dash-figure">
          <strong data-figure>{figure ?? '—'}</strong> <ChangeBadge change={change} />
        </p>
      )}
      {tabs && tabs.length > 1 && message === null && (
        <div className="dash-tabs" role="tablist" aria-label={`${title} view`}>
          {tabs.map((name) => (
            <button key={name} type="button" role="tab" aria-selected={name === tab} onClick={() => onTab?.(name)}>
              {TAB_NAMES[name]}
            </button>
          ))}
        </div>
      )}
      <div className={compact ? 'dash-card-body dash-card-compact' : 'dash-card-body'}>
        {message === null ? props.children : <p className="empty">{message}</p>}
        {loading && (
          <div className="loading-overlay" role="progressbar" aria-label={`Loading ${title}`}>
            <span className="spinner" />
          </div>
        )}
      </div>
      {asOf && <p className="as-of">As of {displayDate(asOf)}</p>}
    </section>
  );
}
