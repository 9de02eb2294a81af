// The /find filter panel: a real GET form (works without JavaScript), enhanced with chips and sliders.
import type { FormEvent } from 'react';
import type { SearchFilters } from '../../lib/search/query';
import type { FieldErrors, TypedRanges } from '../../lib/search/form';
import FieldError from './FieldError';
import KeywordInput from './KeywordInput';
import RangeField from './RangeField';

export interface Option {
  value: string;
  label: string;
}
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
  /** A message per field that could not be used, shown beside it. */
  errors: FieldErrors;
  /** The line above the messages: what happened to the search. */
  summary: string;
  /** Bounds as the address gave them, for the ranges that could not be used. */
  typed: TypedRanges;
}

export default function FindFilters({ filters, options, bounds, tableView, onChange, onSubmit, errors, summary, typed }: Props) {
  const count = Object.keys(errors).length;
  const set = (patch: Partial<SearchFilters>) => onChange({ ...filters, ...patch });
  const setRange = (key: keyof SearchFilters['ranges']) => (range: SearchFilters['ranges'][typeof key]) =>
    onChange({ ...filters, ranges: { ...filters.ranges, [key]: range } });
  return (
    <form className="find-form" method="get" action="/find" onSubmit={onSubmit} aria-label="Search filters" noValidate>
      {count > 0 && (
        <p
          className="find-form-errors"
          role="alert"
        >{`${summary} ${count === 1 ? 'One field is' : `${count} fields are`} marked below.`}</p>
      )}
      <KeywordInput keywords={filters.keywords} onChange={(keywords) => set({ keywords })} error={errors.keywords} />
      <label>
        Category
        <select
          name="category"
          multiple
          size={5}
          aria-invalid={errors.categories ? true : undefined}
          aria-describedby={errors.categories ? 'find-error-categories' : undefined}
          value={filters.categories.map(String)}
          onChange={(event) => set({ categories: [...event.target.selectedOptions].map((o) => Number(o.value)) })}
        >
          {options.categories.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <FieldError id="find-error-categories" message={errors.categories} />
      <label>
        Country
        <select name="country" value={filters.country} onChange={(event) => set({ country: event.target.value })}>
          <option value="">All countries</option>
          {options.countries.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Language
        <select name="lang" value={filters.lang} onChange={(event) => set({ lang: event.target.value })}>
          <option value="">All languages</option>
          {options.languages.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <RangeField
        label="Monthly views"
        name="monthly_views"
        range={filters.ranges.monthly_views}
        error={errors.monthly_views}
        typed={typed.monthly_views}
        max={bounds.max_monthly_views}
        onChange={setRange('monthly_views')}
      />
      <RangeField
        label="Subscribers"
        name="subscriber_count"
        range={filters.ranges.subscriber_count}
        error={errors.subscriber_count}
        typed={typed.subscriber_count}
        max={bounds.max_subscribers}
        onChange={setRange('subscriber_count')}
      />
      <RangeField
        label="Avg. views per video"
        name="avg_views"
        range={filters.ranges.avg_views}
        error={errors.avg_views}
        typed={typed.avg_views}
        max={bounds.max_avg_views}
        onChange={setRange('avg_views')}
      />
      {tableView && <input type="hidden" name="view" value="table" />}
      <button className="button" type="submit">
        Search
      </button>
    </form>
  );
}
