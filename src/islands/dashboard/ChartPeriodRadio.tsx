// The "Chart by" radio: the bucket sizes the range allows (Days, Week, Month); nothing when only days fit.
import type { ChartPeriod } from '../../lib/dates/chart-rules';

const BUCKET_NAMES: Record<ChartPeriod, string> = { days: 'Days', week: 'Week', month: 'Month' };

interface Props {
  /** The sizes the range allows (chartPeriodsFor). */
  buckets: ChartPeriod[];
  value: ChartPeriod | null;
  onChoose: (bucket: ChartPeriod) => void;
  /** The radio group's name, one per page. */
  name?: string;
}

export default function ChartPeriodRadio({ buckets, value, onChoose, name = 'chart-period' }: Props) {
  if (buckets.length < 2) return null;
  return (
    <fieldset className="buckets">
      <legend className="field-label">Chart by</legend>
      {buckets.map((bucket) => (
        <label key={bucket}>
          <input type="radio" name={name} checked={value === bucket} onChange={() => onChoose(bucket)} />
          {BUCKET_NAMES[bucket]}
        </label>
      ))}
    </fieldset>
  );
}
