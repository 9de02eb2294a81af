// The period select with its presets (docs/partner-area.md, "Period") and the custom range between 2015-01-01 and the latest data; the dashboard and the analytics page share it.
import { useState, type FormEvent } from 'react';
import { CUSTOM, customPeriod, DEFAULT_PERIOD, periodOptions, presetFor, type Period } from '../../lib/dates/periods';
import RangeForm from '../shared/RangeForm';

interface Props {
  /** The select's id (its label points at it). */
  id: string;
  label?: string;
  /** The applied period; null before the page has one. */
  period: Period | null;
  maxDate: string | null;
  /** Today for the presets (the server's until hydration, then the browser's). */
  today: string;
  disabled: boolean;
  onChoose: (period: Period) => void;
}

export default function PeriodSelect({ id, label = 'Period', period, maxDate, today, disabled, onChoose }: Props) {
  const [customOpen, setCustomOpen] = useState(false);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
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
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onSelect(e.target.value)} disabled={disabled}>
        {periodOptions(today).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {customOpen && (
        <RangeForm label="Custom range" from={from} to={to} max={maxDate ?? today} onFrom={onFrom} onTo={setTo} onApply={onApply} />
      )}
    </div>
  );
}
