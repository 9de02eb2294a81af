import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, currentLocale, localeFromHeader, readLocaleFrom } from './locale';
import { formatChange, formatCompact, formatMoney, formatNumber, formatPercent } from './stat-format';
import { dayText, dayLabel, monthText } from '../dates/day-text';

describe('localeFromHeader', () => {
  it('takes the first language Intl can write, by weight then order', () => {
    expect(localeFromHeader('de-CH,de;q=0.9,en;q=0.8')).toBe('de-CH');
    expect(localeFromHeader('en;q=0.5, fr-FR;q=0.9')).toBe('fr-FR');
    expect(localeFromHeader('ja, en-GB')).toBe('ja');
    expect(localeFromHeader('pt-br')).toBe('pt-BR');
  });

  it('falls back to the default on nothing usable', () => {
    for (const header of [null, undefined, '', '*', 'x-nonsense-@@', 'de;q=0', 'en;q=abc', `${'a'.repeat(600)}`]) {
      expect(localeFromHeader(header)).toBe(DEFAULT_LOCALE);
    }
  });

  it('skips a malformed entry for the next good one', () => {
    expect(localeFromHeader('@@@, nl-NL;q=0.7')).toBe('nl-NL');
  });
});

describe('figures and days in a reader locale', () => {
  afterEach(() => readLocaleFrom(() => DEFAULT_LOCALE));

  it('writes en-US by default', () => {
    expect(currentLocale()).toBe('en-US');
    expect(formatMoney(-1234.5)).toBe('\u2212$1,234.50');
    expect(dayText('2026-08-01')).toBe('Aug 1, 2026');
    expect(monthText('2026-08')).toBe('August 2026');
  });

  it('writes German separators, US dollars and German days', () => {
    readLocaleFrom(() => 'de-DE');
    // Written out by hand: '.' groups thousands, ',' marks decimals, the $ follows after a no-break space.
    expect(formatNumber(1234567)).toBe('1.234.567');
    expect(formatMoney(-1234.5)).toBe('\u22121.234,50\u00a0$');
    expect(formatPercent(12.5)).toBe('12,50%');
    expect(formatChange(-3.1)).toBe('\u22123,10%');
    expect(formatCompact(12_300)).toBe('12.300');
    expect(dayText('2026-08-01')).toBe('1. Aug. 2026');
    expect(monthText('2026-03')).toBe('März 2026');
    expect(dayLabel('2026-11-16', 'day')).toBe('16. Nov.');
  });

  it('keeps one formatter per locale, so readers of two locales never mix', () => {
    let locale = 'fr-FR';
    readLocaleFrom(() => locale);
    const french = formatNumber(1234);
    locale = 'en-US';
    const english = formatNumber(1234);
    locale = 'fr-FR';
    expect([french, english, formatNumber(1234)]).toEqual(['1\u202f234', '1,234', '1\u202f234']);
  });
});
