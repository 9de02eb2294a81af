// The filter bar: period, comparison, channels, titles (show_title), countries and video type.
import { useState, type FormEvent } from 'react';
import { chooseChannels, chooseCompare, chooseCountries, choosePeriod, chooseTitles, chooseType } from '../../stores/analytics';
import { COMPARE_MODES, type CompareMode, VIDEO_TYPES, type VideoTypeChoice } from '../../lib/analytics/query';
import RangeForm from '../shared/RangeForm';
import MultiSelect from '../dashboard/MultiSelect';
import PeriodSelect from '../dashboard/PeriodSelect';
import { useHydrated } from '../shared/use-hydrated';
import { useMaxDate, useQuery, useShowTitle, useStartOptions, useToday } from './use-analytics';

const COMPARE_NAMES: Record<CompareMode, string> = {
  none: 'No comparison',
  previous: 'Previous period',
  year: 'Same period last year',
  custom: 'Custom range',
};
const TYPE_NAMES: Record<VideoTypeChoice, string> = { all: 'All', full: 'Full', short: 'Shorts', live: 'Live' };

export default function AnalyticsFilters() {
  const query = useQuery();
  const maxDate = useMaxDate();
  const today = useToday();
  const hydrated = useHydrated();
  const showTitle = useShowTitle();
  const options = useStartOptions();
  // Countries cannot be combined with titles or a video type: the bar says so rather than refusing later.
  const byTitle = query.titles.length > 0 || query.type !== 'all';
  return (
    <section className="card analytics-filters" aria-label="Filters">
      <PeriodSelect
        id="analytics-period"
        period={query.period}
        maxDate={maxDate}
        today={today}
        disabled={!hydrated}
        onChoose={choosePeriod}
      />
      <ComparePicker disabled={!hydrated || !query.period.from} />
      <MultiSelect
        label="Channels"
        plural="channels"
        options={options.channels.map((c) => ({ value: c.channel_id, label: c.channel_title }))}
        selected={query.channels}
        onApply={chooseChannels}
        disabled={!hydrated}
      />
      {showTitle && (
        <MultiSelect
          label="Titles"
          plural="titles"
          options={options.titles.map((t) => ({ value: String(t.title_id), label: t.title }))}
          selected={query.titles.map(String)}
          onApply={(values) => chooseTitles(values.map(Number))}
          disabled={!hydrated}
        />
      )}
      <MultiSelect
        label="Countries"
        plural="countries"
        options={options.countries.map((c) => ({ value: c.code2, label: c.country_name }))}
        selected={query.countries}
        onApply={chooseCountries}
        disabled={!hydrated}
      />
      <fieldset className="analytics-type">
        <legend className="field-label">Video type</legend>
        {VIDEO_TYPES.map((type) => (
          <label key={type}>
            <input
              type="radio"
              name="analytics-type"
              checked={query.type === type}
              onChange={() => chooseType(type)}
              disabled={!hydrated}
            />
            {TYPE_NAMES[type]}
          </label>
        ))}
      </fieldset>
      {byTitle && query.countries.length === 0 && (
        <p className="muted analytics-note">Figures by country are not kept per title or video type: choosing countries clears them.</p>
      )}
    </section>
  );
}

/** The comparison: none, the days just before, the same days a year back, or chosen dates. */
function ComparePicker({ disabled }: { disabled: boolean }) {
  const query = useQuery();
  const maxDate = useMaxDate();
  const [customOpen, setCustomOpen] = useState(false);
  const [from, setFrom] = useState(query.compareRange?.from ?? '');
  const [to, setTo] = useState(query.compareRange?.to ?? '');
  const onSelect = (mode: CompareMode) => {
    setCustomOpen(mode === 'custom');
    if (mode !== 'custom') chooseCompare(mode);
  };
  const onApply = (event: FormEvent) => {
    event.preventDefault();
    if (!from) return;
    const end = to && to >= from ? to : from;
    chooseCompare('custom', { from, to: end });
    setCustomOpen(false);
  };
  return (
    <div className="period-picker">
      <label className="field-label" htmlFor="analytics-compare">
        Compare with
      </label>
      <select
        id="analytics-compare"
        value={customOpen ? 'custom' : query.compare}
        onChange={(e) => onSelect(e.target.value as CompareMode)}
        disabled={disabled}
      >
        {COMPARE_MODES.map((mode) => (
          <option key={mode} value={mode}>
            {COMPARE_NAMES[mode]}
          </option>
        ))}
      </select>
      {customOpen && (
        <RangeForm
          label="Comparison range"
          from={from}
          to={to}
          max={maxDate ?? undefined}
          onFrom={setFrom}
          onTo={setTo}
          onApply={onApply}
        />
      )}
    </div>
  );
}
