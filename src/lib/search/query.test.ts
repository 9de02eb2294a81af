import { describe, expect, it } from 'vitest';
import { defaultFilters, filtersToParams } from './query';

describe('filtersToParams', () => {
  it('writes the default monthly views minimum and nothing else for a fresh search', () => {
    expect(filtersToParams(defaultFilters())).toEqual([['form_monthly_views_min', '10000']]);
  });
  it('repeats keywords and categories and keeps a cleared default as 0', () => {
    const f = defaultFilters();
    f.keywords = ['music', 'lo fi'];
    f.categories = [10, 20];
    f.country = 'US';
    f.lang = 'en';
    f.ranges.monthly_views.min = 0;
    f.ranges.avg_views = { min: 5, max: 900 };
    expect(filtersToParams(f)).toEqual([
      ['form_str', 'music'],
      ['form_str', 'lo fi'],
      ['category', '10'],
      ['category', '20'],
      ['country', 'US'],
      ['lang', 'en'],
      ['form_monthly_views_min', '0'],
      ['form_avg_views_min', '5'],
      ['form_avg_views_max', '900'],
    ]);
  });
});
