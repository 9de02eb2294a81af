// An "i" button beside a figure's name that opens what the figure means, what it is computed from and
// the latest day it includes. A native popover: it opens from the server's HTML, before or without
// hydration, by mouse, keyboard or touch, and closes on Escape or a click elsewhere.
import { useId } from 'react';
import { METRIC_MEANINGS, type MeaningKey } from '../../lib/glossary/metrics';
import { displayDate } from '../../lib/dates/periods';
import './metric-info.css';

export default function MetricInfo({ metric, asOf }: { metric: MeaningKey; asOf?: string | null }) {
  const id = `meaning-${useId().replace(/[^\w-]/g, '')}`;
  const meaning = METRIC_MEANINGS[metric];
  return (
    <>
      <button type="button" className="metric-info" popoverTarget={id} aria-label={`What ${meaning.name} means`}>
        <span aria-hidden="true">i</span>
      </button>
      <div id={id} popover="auto" className="metric-meaning" role="note" aria-label={meaning.name}>
        <p>
          <strong>{meaning.name}</strong>: {meaning.definition}
        </p>
        <p>{meaning.basis}</p>
        {asOf && <p>Includes data up to {displayDate(asOf)}.</p>}
      </div>
    </>
  );
}
