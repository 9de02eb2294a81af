// Without Google credentials the sync does nothing, and says so once (a D1 flag), not every hour.
import { afterEach, expect, it, vi } from 'vitest';
import { NO_CREDENTIALS_KEY, NO_CREDENTIALS_MESSAGE, runSync } from '../../../src/server/ingest/sync/run';
import { fakeGoogle, rows, syncBindings } from './helpers';
import { logTexts } from '../log-lines';

afterEach(() => {
  vi.restoreAllMocks();
});

it('does nothing without credentials, logs it once across runs, and again after credentials came and went', async () => {
  const google = await fakeGoogle();
  const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
  const bindings = syncBindings(google, []);
  expect(await runSync(bindings)).toEqual({ status: 'no-credentials' });
  expect(await runSync(bindings)).toEqual({ status: 'no-credentials' });
  const said = logTexts(info).filter((line) => line === `sync: ${NO_CREDENTIALS_MESSAGE}`);
  expect(said).toHaveLength(1);
  expect(await rows('SELECT key FROM sync_state')).toEqual([{ key: NO_CREDENTIALS_KEY }]);
  expect(await google.requests()).toEqual([]);
  expect(await rows('SELECT count(*) AS n FROM sync_quota')).toEqual([{ n: 0 }]);

  // Credentials configured for a while clear the flag, so losing them is reported again.
  const withKey = syncBindings(google, ['apiKey'], { TRENDS_COUNTRIES: 'US', SNAPSHOT_CALLS_PER_RUN: '0', LIVE_SEARCH_UNITS_PER_DAY: '0' });
  expect((await runSync(withKey, { now: Date.parse('2026-03-01T12:05:00Z') })).status).toBe('ran');
  expect(await rows('SELECT key FROM sync_state WHERE key = ?', NO_CREDENTIALS_KEY)).toEqual([]);
  await runSync(bindings);
  expect(logTexts(info).filter((line) => line === `sync: ${NO_CREDENTIALS_MESSAGE}`)).toHaveLength(2);
});

it('refuses invalid settings without calling anything', async () => {
  const google = await fakeGoogle();
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const result = await runSync({ ...syncBindings(google, ['apiKey']), TRENDS_COUNTRIES: 'US,usa' });
  expect(result).toEqual({ status: 'invalid-settings' });
  expect(logTexts(warn)).toEqual([expect.stringMatching(/^sync: settings are invalid, nothing done: TRENDS_COUNTRIES\.1: /)]);
  expect(await google.requests()).toEqual([]);
  // Nothing was charged or remembered either.
  expect(await rows('SELECT count(*) AS n FROM sync_quota')).toEqual([{ n: 0 }]);
  expect(await rows('SELECT key FROM sync_state')).toEqual([]);
});
