// One range filter: min and max as text inputs (empty = no bound), each with a log-scale slider from 100.
import { useId, useState } from 'react';
import { SLIDER_STEPS, parseRangeNumber, sliderToValue, valueToSlider } from '../../lib/search/range';
import { rangeParam, type Range, type RangeKey } from '../../lib/search/query';
import FieldError from './FieldError';

interface Props {
  label: string;
  name: RangeKey;
  range: Range;
  /** The slider's top: the bound from /stat/form_max_values. */
  max: number;
  onChange: (range: Range) => void;
  /** What is wrong with the bounds, in words ('Minimum subscribers must not be above the maximum'). */
  error?: string;
  /** The bounds as the address gave them when they could not be used: shown as typed, to be corrected. */
  typed?: { min: string; max: string };
}

interface BoundProps {
  id: string;
  label: string;
  name: string;
  value: number;
  max: number;
  onChange: (v: number) => void;
  /** The id of the range's message when it has one. */
  errorId?: string;
  /** The text to start with instead of the value (a bound the address gave that could not be used). */
  typedText?: string;
}

function Bound({ id, label, name, value, max, onChange, errorId, typedText }: BoundProps) {
  // The text as typed, so a half-typed number is not rewritten under the cursor.
  const [text, setText] = useState(typedText ?? (value ? String(value) : ''));
  const set = (v: number) => {
    setText(v ? String(v) : '');
    onChange(v);
  };
  return (
    <div className="range-bound">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="text"
        inputMode="numeric"
        value={text}
        placeholder="0"
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        onChange={(event) => {
          setText(event.target.value);
          onChange(parseRangeNumber(event.target.value));
        }}
      />
      <input
        type="range"
        min={0}
        max={SLIDER_STEPS}
        step={1}
        aria-label={`${label} slider`}
        value={valueToSlider(value, max)}
        onChange={(event) => set(sliderToValue(Number(event.target.value), max))}
      />
    </div>
  );
}

const RANGE_ENDS = ['min', 'max'] as const;

export default function RangeField({ label, name, range, max, onChange, error, typed }: Props) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset className="range-field">
      <legend>{label}</legend>
      {RANGE_ENDS.map((end) => (
        <Bound
          key={end}
          id={`${id}-${end}`}
          label={`${label} ${end}`}
          name={rangeParam(name, end)}
          value={range[end]}
          max={max}
          onChange={(bound) => onChange({ ...range, [end]: bound })}
          errorId={errorId}
          typedText={typed?.[end]}
        />
      ))}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
