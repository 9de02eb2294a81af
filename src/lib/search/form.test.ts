// /find's fields checked one by one: a message in words for the bad one, every other field kept.
import { describe, expect, it } from 'vitest';
import { checkSearchForm, rawSearchForm, typedRanges } from './form';

const check = (query: string) => checkSearchForm(rawSearchForm(new URLSearchParams(query)), true);

describe('checkSearchForm', () => {
  it('keeps a good search as given', () => {
    const got = check('form_str=lofi&country=us&form_subscriber_count_min=1,000&form_subscriber_count_max=5000');
    expect(got.errors).toEqual({});
    expect(got.filters.keywords).toEqual(['lofi']);
    expect(got.filters.country).toBe('US');
    expect(got.filters.ranges.subscriber_count).toEqual({ min: 1000, max: 5000 });
    expect(got.filters.ranges.monthly_views.min).toBe(10_000);
  });

  it('names a minimum above its maximum and keeps the other fields', () => {
    const got = check('form_str=lofi&form_subscriber_count_min=5000&form_subscriber_count_max=100&form_monthly_views_min=0');
    expect(got.errors).toEqual({ subscriber_count: 'Minimum subscribers must not be above the maximum' });
    expect(got.filters.ranges.subscriber_count).toEqual({ min: 0, max: 0 });
    expect(got.filters.keywords).toEqual(['lofi']);
    expect(got.filters.ranges.monthly_views.min).toBe(0);
  });

  it('says a bound must be a whole number, quoting what was typed', () => {
    expect(check('form_avg_views_max=abc').errors).toEqual({
      avg_views: 'Maximum average views per video must be a whole number; “abc” is not',
    });
    expect(check('form_monthly_views_min=-5').errors).toEqual({ monthly_views: 'Minimum monthly views must be 0 or more' });
    expect(check('form_monthly_views_min=').filters.ranges.monthly_views.min).toBe(0);
  });

  it('keeps 10 keywords and says an 11th is one too many', () => {
    const query = Array.from({ length: 11 }, (_, i) => `form_str=k${i}`).join('&');
    const got = check(query);
    expect(got.errors.keywords).toBe('At most 10 keywords can be searched together; there are 11');
    expect(got.filters.keywords).toHaveLength(10);
  });

  it('leaves out a keyword over 150 characters and says so', () => {
    const got = check(`form_str=lofi&form_str=${'a'.repeat(151)}`);
    expect(got.errors.keywords).toBe(`A keyword can be at most 150 characters; “${'a'.repeat(20)}…” has 151`);
    expect(got.filters.keywords).toEqual(['lofi']);
  });

  it('gives back the typed bounds of the ranges it could not use', () => {
    const raw = rawSearchForm(new URLSearchParams('form_subscriber_count_min=5000&form_subscriber_count_max=100&form_avg_views_min=7'));
    expect(typedRanges(raw, checkSearchForm(raw).errors)).toEqual({ subscriber_count: { min: '5000', max: '100' } });
  });
});
