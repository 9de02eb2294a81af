// The period select with its presets (docs/partner-area.md, "Period"), and the custom range between 2015-01-01 and the latest data.
import { useState, type FormEvent } from 'react';
import { choosePeriod } from '../../stores/dashboard';
import { useHydrated } from '../shared/use-hydrated';
import { CUSTOM, customPeriod, DEFAULT_PERIOD, MIN_DATE, periodOptions, presetFor, type Period } from '../../lib/periods';
import { useToday } from './use-dashboard';
import { useMaxDate, useQuery } from './use-start';

interface Props {
  /** The applied period; null before the page has one. */
  period: Period | null;
  maxDate: string | null;
  onChoose: (period: Period) => void;
  /** The select's id (one picker per page). */
  id?: string;
}

/** The dashboard's picker: the dashboard's period, applied to the dashboard. */
export default function DashboardPeriodPicker() {
  const query = useQuery();
  const maxDate = useMaxDate();
  return <PeriodPicker period={query?.period ?? null} maxDate={maxDate} onChoose={choosePeriod} />;
}

/** The period select for any page that keeps a period (the dashboard, the details page). */
export function PeriodPicker({ period, maxDate, onChoose, id = 'dashboard-period' }: Props) {
  const hydrated = useHydrated();
  const [customOpen, setCustomOpen] = useState(false);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const today = useToday();
  const value = customOpen ? CUSTOM : (period?.value ?? DEFAULT_PERIOD);

  const onSelect = (next: string) => {
    if (next === CUSTOM) {
      setFrom(period?.from ?? '');
      setTo(period?.to ?? '');
      setCustomOpen(true);
      return;
    }
    setCustomOpen(false);
    const preset = presetFor(next, today, maxDate);
    if (preset) onChoose(preset);
  };
  // One click is one day: picking a start after the end (or with no end) makes the end that day.
  const onFrom = (date: string) => {
    setFrom(date);
    if (date && (!to || to < date)) setTo(date);
  };
  const onApply = (event: FormEvent) => {
    event.preventDefault();
    if (!from) return;
    onChoose(customPeriod(from, to || null, maxDate));
    setCustomOpen(false);
  };

  return (
    <div className="period-picker">
      <label className="field-label" htmlFor={id}>
        Period
      </label>
      <select id={id} value={value} onChange={(e) => onSelect(e.target.value)} disabled={!period || !hydrated}>
        {periodOptions(today).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {customOpen && (
        <form className="custom-range" onSubmit={onApply} aria-label="Custom range">
          <label>
            From
            <input type="date" min={MIN_DATE} max={maxDate ?? today} value={from} onChange={(e) => onFrom(e.target.value)} required />
          </label>
          <label>
            To
            <input type="date" min={from || MIN_DATE} max={maxDate ?? today} value={to} onChange={(e) => setTo(e.target.value)} />
          </label>
          <button type="submit" className="button">
            Apply
          </button>
        </form>
      )}
    </div>
  );
}
