// The select of the four country and category metrics, shared by the pie and the world map on /global.
import { useId } from 'react';
import { SHARE_METRICS, type ShareMetric } from '../../lib/formats/global-format';

interface Props {
  /** Its accessible name ('Pie metric', 'Map of'). */
  label: string;
  /** Shown beside it, or only read out. */
  labelVisible: boolean;
  value: ShareMetric;
  onChange: (metric: ShareMetric) => void;
}

export default function ShareMetricSelect({ label, labelVisible, value, onChange }: Props) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className={labelVisible ? undefined : 'visually-hidden'}>
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as ShareMetric)}>
        {SHARE_METRICS.map((m) => (
          <option key={m.key} value={m.key}>
            {m.label}
          </option>
        ))}
      </select>
    </>
  );
}
