// The continent map covers every country of the reference table exactly once.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { continentOf, countryName, mappedCountryCodes, UNKNOWN_CONTINENT } from './continents';

const migration = readFileSync(new URL('../../../migrations/0002_reference.sql', import.meta.url), 'utf8');
const tableCodes = [...migration.matchAll(/\('([A-Z]{2})', '/g)].map((m) => m[1] ?? '');

describe('continents', () => {
  it('maps every country of the countries table except ZZ, and nothing else', () => {
    expect(tableCodes.length).toBeGreaterThan(240);
    const mapped = mappedCountryCodes();
    expect(new Set(mapped).size).toBe(mapped.length);
    expect([...mapped].sort()).toEqual(tableCodes.filter((c) => c !== 'ZZ').sort());
  });

  it('places known countries and sends the unknown ones to Unknown', () => {
    expect(continentOf('DE')).toBe('Europe');
    expect(continentOf('BR')).toBe('South America');
    expect(continentOf('US')).toBe('North America');
    expect(continentOf('JP')).toBe('Asia');
    expect(continentOf('NZ')).toBe('Oceania');
    expect(continentOf('NG')).toBe('Africa');
    expect(continentOf('ZZ')).toBe(UNKNOWN_CONTINENT);
  });

  it('names countries in English', () => {
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('ZZ')).toBe('Unknown');
  });
});
