import { describe, expect, it } from 'vitest';
import { chooseCountries, parseCountryList, trendsTitle } from './countries';

describe('parseCountryList', () => {
  it('reads comma lists and repeated values', () => {
    expect(parseCountryList(['us,gb', 'US', ' de '])).toEqual(['US', 'GB', 'DE']);
    expect(parseCountryList([])).toEqual([]);
    expect(parseCountryList([''])).toEqual([]);
  });
  it('refuses what is not a two-letter code', () => {
    expect(parseCountryList(['USA'])).toBeNull();
    expect(parseCountryList(['US,1'])).toBeNull();
  });
});

describe('chooseCountries', () => {
  const charted = ['GB', 'US', 'DE', 'FR'];
  it('keeps asked countries the item charted in, at most 3', () => {
    expect(chooseCountries(['FR', 'JP', 'US'], charted)).toEqual(['FR', 'US']);
    expect(chooseCountries(['FR', 'US', 'DE', 'GB'], charted)).toEqual(['FR', 'US', 'DE']);
  });
  it('falls back to the first 3 charted', () => {
    expect(chooseCountries(null, charted)).toEqual(['GB', 'US', 'DE']);
    expect(chooseCountries(['JP'], charted)).toEqual(['GB', 'US', 'DE']);
  });
});

describe('trendsTitle', () => {
  it("adds 'the' for US, GB and AE", () => {
    expect(trendsTitle('US', 'United States')).toBe('Trends in the United States');
    expect(trendsTitle('GB', 'United Kingdom')).toBe('Trends in the United Kingdom');
    expect(trendsTitle('AE', 'United Arab Emirates')).toBe('Trends in the United Arab Emirates');
    expect(trendsTitle('DE', 'Germany')).toBe('Trends in Germany');
  });
});
