// What the compiler refuses before any statement is sent: a figure the grain it must read does not hold.
import { describe, expect, it } from 'vitest';
import { withAccountDefaults } from '../auth/session-user';
import { HttpError } from '../http/errors';
import { scopeFor } from './filters';
import { compileStatQuery } from './query';

const user = withAccountDefaults({ id: 7, email: 'a@example.com', userName: 'A', showTitle: true });
const range = { from: '2026-01-01', to: '2026-01-31' };
const compile =
  (filters: Parameters<typeof scopeFor>[1], dimensions: Array<'country' | 'time'>, metrics: Array<'impressions' | 'views'>) => () =>
    compileStatQuery({ scope: scopeFor(user, filters), metrics, dimensions, range, horizon: '2026-03-01' });

describe('compileStatQuery refuses what the grain does not hold', () => {
  it('answers 400 for reach by country, naming what to leave out', () => {
    for (const run of [compile({ countries: ['US'] }, ['time'], ['impressions']), compile({}, ['country'], ['views', 'impressions'])]) {
      expect(run).toThrow(HttpError);
      expect(run).toThrow(/not reported by country/);
    }
  });

  it('compiles reach without a country, and views by country', () => {
    expect(compile({}, ['time'], ['impressions'])().sql).toContain('impressions');
    expect(compile({ countries: ['US'] }, ['country'], ['views'])().sql).toContain('channel_country');
  });
});
