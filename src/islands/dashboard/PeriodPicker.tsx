// The period select with its presets (docs/partner-area.md, "Period"), and the custom range between 2015-01-01 and the latest data.
import { useState, type FormEvent } from 'react';
import { choosePeriod } from '../../stores/dashboard';
import { useHydrated } from '../shared/use-hydrated';
import { CUSTOM, customPeriod, MIN_DATE, periodOptions, presetFor } from '../../lib/periods';
import { useToday } from './use-dashboard';
import { useMaxDate, useQuery } from './use-start';

export default function PeriodPicker() {
  const query = useQuery();
  const maxDate = useMaxDate();
  const hydrated = useHydrated();
  const [customOpen, setCustomOpen] = useState(false);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const today = useToday();
  const value = customOpen ? CUSTOM : (query?.period.value ?? '89');

  const onSelect = (next: string) => {
    if (next === CUSTOM) {
      setFrom(query?.period.from ?? '');
      setTo(query?.period.to ?? '');
      setCustomOpen(true);
      return;
    }
    setCustomOpen(false);
    const period = presetFor(next, today, maxDate);
    if (period) choosePeriod(period);
  };
  // One click is one day: picking a start after the end (or with no end) makes the end that day.
  const onFrom = (date: string) => {
    setFrom(date);
    if (date && (!to || to < date)) setTo(date);
  };
  const onApply = (event: FormEvent) => {
    event.preventDefault();
    if (!from) return;
    choosePeriod(customPeriod(from, to || null, maxDate));
    setCustomOpen(false);
  };

  return (
    <div className="period-picker">
      <label className="field-label" htmlFor="dashboard-period">
        Period
      </label>
      <select id="dashboard-period" value={value} onChange={(e) => onSelect(e.target.value)} disabled={!query || !hydrated}>
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
