// A custom date range: From, To and Apply, from the earliest custom date up to `max` (the latest data).
import type { FormEvent } from 'react';
import { MIN_DATE } from '../../lib/dates/periods';

interface Props {
  /** The form's accessible name, e.g. "Custom range". */
  label: string;
  from: string;
  to: string;
  max: string | undefined;
  onFrom: (date: string) => void;
  onTo: (date: string) => void;
  onApply: (event: FormEvent) => void;
}

/** The period select's and the comparison select's "Custom" form. */
export default function RangeForm({ label, from, to, max, onFrom, onTo, onApply }: Props) {
  return (
    <form className="custom-range" onSubmit={onApply} aria-label={label}>
      <label>
        From
        <input type="date" min={MIN_DATE} max={max} value={from} onChange={(e) => onFrom(e.target.value)} required />
      </label>
      <label>
        To
        <input type="date" min={from || MIN_DATE} max={max} value={to} onChange={(e) => onTo(e.target.value)} />
      </label>
      <button type="submit" className="button">
        Apply
      </button>
    </form>
  );
}
