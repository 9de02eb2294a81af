// The one line under a table that shows engaged views beside a Short's views: why the two differ.
import MetricInfo from './MetricInfo';
import { SHORTS_VIEWS_NOTE } from '../../lib/glossary/metrics';

export default function EngagedViewsNote() {
  return (
    <p className="muted formats-note">
      {SHORTS_VIEWS_NOTE} <MetricInfo metric="engaged_views" />
    </p>
  );
}
