// The /find filter panel: a real GET form (works without JavaScript), enhanced with chips and sliders.
import type { FormEvent } from 'react';
import type { SearchFilters } from '../../lib/search-query';
import KeywordInput from './KeywordInput';
import RangeField from './RangeField';

export interface Option { value: string; label: string }
export interface FilterOptions {
  categories: Option[];
  countries: Option[];
  languages: Option[];
}
export interface Bounds {
  max_monthly_views: number;
  max_subscribers: number;
  min_subscribers: number;
  max_avg_views: number;
}

interface Props {
  filters: SearchFilters;
  options: FilterOptions;
  bounds: Bounds;
  tableView: boolean;
  onChange: (filters: SearchFilters) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

export default function FindFilters({ filters, options, bounds, tableView, onChange, onSubmit }: Props) {
  const set = (patch: Partial<SearchFilters>) => onChange({ ...filters, ...patch });
  const setRange = (key: keyof SearchFilters['ranges']) => (range: SearchFilters['ranges'][typeof key]) =>
    onChange({ ...filters, ranges: { ...filters.ranges, [key]: range } });
  return (
    <form className="find-form" method="get" action="/find" onSubmit={onSubmit} aria-label="Search filters">
      <KeywordInput keywords={filters.keywords} onChange={(keywords) => set({ keywords })} />
      <label>
        Category
        <select
          name="category" multiple size={5}
          value={filters.categories.map(String)}
          onChange={(event) => set({ categories: [...event.target.selectedOptions].map((o) => Number(o.value)) })}
        >
          {options.categories.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
        </select>
      </label>
      <label>
        Country
        <select name="country" value={filters.country} onChange={(event) => set({ country: event.target.value })}>
          <option value="">All countries</option>
          {options.countries.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
        </select>
      </label>
      <label>
        Language
        <select name="lang" value={filters.lang} onChange={(event) => set({ lang: event.target.value })}>
          <option value="">All languages</option>
          {options.languages.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
        </select>
      </label>
      <RangeField label="Monthly views" name="monthly_views" range={filters.ranges.monthly_views} max={bounds.max_monthly_views} onChange={setRange('monthly_views')} />
      <RangeField label="Subscribers" name="subscriber_count" range={filters.ranges.subscriber_count} max={bounds.max_subscribers} onChange={setRange('subscriber_count')} />
      <RangeField label="Avg. views per video" name="avg_views" range={filters.ranges.avg_views} max={bounds.max_avg_views} onChange={setRange('avg_views')} />
      {tableView && <input type="hidden" name="view" value="table" />}
      <button className="button" type="submit">Search</button>
    </form>
  );
}
