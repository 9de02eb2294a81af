// The one line under a table that shows engaged views beside a Short's views: why the two differ.
import MetricInfo from './MetricInfo';

export default function EngagedViewsNote() {
  return (
    <p className="muted formats-note">
      Since 31 March 2025 YouTube counts every start or replay of a Short as a view; engaged views keep the earlier count.{' '}
      <MetricInfo metric="engaged_views" />
    </p>
  );
}
