// Data API quota accounting: units reserved per call and job, refused calls never sent, the Pacific day resets it.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { runSync } from '../../../src/server/ingest/sync/run';
import { DATA_API_COSTS } from '../../../src/server/google/data-api';
import { DATA_API_DAILY_QUOTA } from '../../../src/server/google/settings';
import { dataCalls, fakeGoogle, quietInfo, rows, syncBindings } from './helpers';
import { logTexts } from '../log-lines';

const NOW = Date.parse('2026-03-01T12:05:00Z');
// A limit of 4 units: the 3 reference calls and the first chart page fit, nothing after them.
const LIMIT = 4;
const SETTINGS = {
  YOUTUBE_QUOTA_HEADROOM: String(DATA_API_DAILY_QUOTA - LIMIT),
  TRENDS_COUNTRIES: 'US,GB,DE',
  TRENDS_PAGES: '2',
  SNAPSHOT_CALLS_PER_RUN: '0',
  UPLOADS_CALLS_PER_RUN: '0',
  LIVE_SEARCH_UNITS_PER_DAY: '0',
};
type Resource = keyof typeof DATA_API_COSTS;

beforeEach(quietInfo);
afterEach(() => {
  vi.restoreAllMocks();
});

it('counts units per call and job, stops before the limit, and never sends the refused call', async () => {
  const google = await fakeGoogle();
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const bindings = syncBindings(google, ['apiKey'], SETTINGS);
  await runSync(bindings, { now: NOW });

  const sent = dataCalls(await google.requests());
  const units = sent.reduce((sum, call) => sum + DATA_API_COSTS[call.path.split('/')[3] as Resource], 0);
  expect(units).toBe(LIMIT);
  expect(await rows('SELECT day, job, units, calls FROM sync_quota ORDER BY job')).toEqual([
    { day: '2026-03-01', job: 'reference', units: 3, calls: 3 },
    { day: '2026-03-01', job: 'trends', units: 1, calls: 1 },
  ]);
  // The US chart's second page and the other countries were refused before sending.
  expect(sent.filter((c) => c.query.pageToken !== undefined || (c.query.regionCode ?? 'US') !== 'US')).toEqual([]);
  expect(logTexts(warn)).toEqual(["sync: trends: stopped at US: Data API quota: trends needs 1 units; 4 of the day's 4 already used"]);
  // The page already paid for is kept.
  expect(await rows('SELECT count(*) AS n FROM trend_positions WHERE country_code = ?', 'US')).toEqual([{ n: 2 }]);

  // Later the same Pacific day (07:30 UTC next morning is still 23:30 in Los Angeles): nothing is sent.
  await runSync(bindings, { now: Date.parse('2026-03-02T07:30:00Z') });
  expect(dataCalls(await google.requests())).toHaveLength(sent.length);
  // A new Pacific day has a new counter.
  await runSync(bindings, { now: Date.parse('2026-03-02T08:30:00Z') });
  expect(dataCalls(await google.requests())).toHaveLength(sent.length + LIMIT);
  expect(await rows('SELECT day, sum(units) AS units FROM sync_quota GROUP BY day ORDER BY day')).toEqual([
    { day: '2026-03-01', units: 4 },
    { day: '2026-03-02', units: 4 },
  ]);
});

it('charges 100 units per search and counts every call the fake received', async () => {
  const google = await fakeGoogle();
  await rows("INSERT INTO networks (slug, name, is_partner, created_at) VALUES ('p', 'p', 1, 0)");
  await rows("INSERT INTO channels (youtube_id, title, network_id, created_at) VALUES ('UCNZyLULUQBp5e9Q1cKtvk6Q', 'x', 1, 0)");
  await runSync(syncBindings(google, ['apiKey'], { TRENDS_COUNTRIES: 'US', LIVE_SEARCH_UNITS_PER_DAY: '100' }), { now: NOW });
  const byJob = await rows<{ job: string; units: number }>('SELECT job, units FROM sync_quota');
  const sent = dataCalls(await google.requests());
  expect(byJob.reduce((sum, j) => sum + j.units, 0)).toBe(
    sent.reduce((sum, c) => sum + DATA_API_COSTS[c.path.split('/')[3] as Resource], 0),
  );
  expect(byJob.find((j) => j.job === 'live-search')?.units).toBe(100);
  expect(dataCalls(sent, 'search')).toHaveLength(1);
});
