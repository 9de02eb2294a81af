// Sync settings (read in src/server/google/settings.ts): defaults, credentials as a whole, limits and the quota headroom.
import { expect, it } from 'vitest';
import type { Bindings } from '../../env';
import { DATA_API_DAILY_QUOTA, DEFAULT_TRENDS_COUNTRIES, getSyncSettings } from '../../google/settings';
import { searchesPerRun } from './live';
import { audiencePeriods } from './analytics';

const base = {} as Bindings;

it("defaults to Google's endpoints, at least ten trend countries and a headroom under the quota", () => {
  const s = getSyncSettings(base);
  expect(s).toMatchObject({
    oauth: null,
    oauthIncomplete: false,
    apiKey: null,
    trendsPages: 1,
    snapshotCallsPerRun: 40,
    uploadsCallsPerRun: 100,
    urls: {
      token: 'https://oauth2.googleapis.com/token',
      authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
      revoke: 'https://oauth2.googleapis.com/revoke',
      userinfo: 'https://openidconnect.googleapis.com/v1/userinfo',
      reporting: 'https://youtubereporting.googleapis.com/v1',
      data: 'https://www.googleapis.com/youtube/v3',
      analytics: 'https://youtubeanalytics.googleapis.com/v2',
    },
  });
  expect(s.trendsCountries).toEqual(DEFAULT_TRENDS_COUNTRIES.split(','));
  expect(s.trendsCountries.length).toBeGreaterThanOrEqual(10);
  expect(s.dailyUnitLimit).toBe(DATA_API_DAILY_QUOTA - 500);
});

it('takes OAuth credentials only as a set of three, trims URLs and normalises countries', () => {
  expect(getSyncSettings({ ...base, GOOGLE_CLIENT_ID: 'id', GOOGLE_REFRESH_TOKEN: 'r' })).toMatchObject({
    oauth: null,
    oauthIncomplete: true,
  });
  // The client alone is an install that connects YouTube from the product: nothing is missing.
  expect(getSyncSettings({ ...base, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' })).toMatchObject({
    oauth: null,
    oauthIncomplete: false,
    client: { clientId: 'id', clientSecret: 's' },
  });
  const s = getSyncSettings({
    ...base,
    GOOGLE_CLIENT_ID: 'id',
    GOOGLE_CLIENT_SECRET: 's',
    GOOGLE_REFRESH_TOKEN: 'r',
    YOUTUBE_DATA_URL: 'http://127.0.0.1:9/data/',
    TRENDS_COUNTRIES: ' us, gb ,US',
    YOUTUBE_QUOTA_HEADROOM: '9990',
  });
  expect(s).toMatchObject({
    oauth: { clientId: 'id', clientSecret: 's', refreshToken: 'r' },
    trendsCountries: ['US', 'GB'],
    dailyUnitLimit: 10,
  });
  expect(s.urls.data).toBe('http://127.0.0.1:9/data');
});

it('names the bad setting', () => {
  expect(() => getSyncSettings({ ...base, TRENDS_PAGES: '5' })).toThrow(/^TRENDS_PAGES: /);
  expect(() => getSyncSettings({ ...base, UPLOADS_CALLS_PER_RUN: '-1' })).toThrow(/^UPLOADS_CALLS_PER_RUN: /);
  expect(getSyncSettings({ ...base, UPLOADS_CALLS_PER_RUN: '0' }).uploadsCallsPerRun).toBe(0);
  expect(() => getSyncSettings({ ...base, YOUTUBE_DATA_URL: 'not a url' })).toThrow(/^YOUTUBE_DATA_URL: /);
  expect(() => getSyncSettings({ ...base, YOUTUBE_QUOTA_HEADROOM: '10001' })).toThrow(/^YOUTUBE_QUOTA_HEADROOM: /);
});

it('spreads the live search budget over the hourly runs', () => {
  expect(searchesPerRun(0)).toBe(0);
  expect(searchesPerRun(100)).toBe(1);
  expect(searchesPerRun(2_400)).toBe(1);
  expect(searchesPerRun(4_800)).toBe(2);
});

it('splits an audience window into month-to-date periods', () => {
  expect(audiencePeriods('2026-02-22', '2026-03-03')).toEqual([
    { from: '2026-02-01', to: '2026-02-28' },
    { from: '2026-03-01', to: '2026-03-03' },
  ]);
  expect(audiencePeriods('2025-12-30', '2026-01-01')).toEqual([
    { from: '2025-12-01', to: '2025-12-31' },
    { from: '2026-01-01', to: '2026-01-01' },
  ]);
});
