// Google calls retried on 429 and 5xx against the fake, and the Data API quota paid for each attempt sent, and
// for nothing never sent.
import { env } from 'cloudflare:test';
import { expect, it } from 'vitest';
import { DataApi } from '../../../src/server/google/data-api';
import { GoogleApiError } from '../../../src/server/google/http';
import { QuotaExceededError, QuotaMeter } from '../../../src/server/google/quota';
import { FAKE_CREDENTIALS } from '../sync/fake/credentials';
import { dataCalls, fakeGoogle, rows } from '../sync/helpers';

const DAY = '2026-03-05';
const quotaRow = (job: string) =>
  rows<{ units: number; calls: number }>('SELECT units, calls FROM sync_quota WHERE day = ? AND job = ?', DAY, job);

it('a 503 and a 429 are retried and the third attempt answers: three calls sent, three units paid', async () => {
  const google = await fakeGoogle({ failFirst: { '/data/v3/videoCategories': [503, 429] } });
  const data = new DataApi(google.urls.YOUTUBE_DATA_URL!, FAKE_CREDENTIALS.YOUTUBE_API_KEY, new QuotaMeter(env.DB, DAY, 100));
  const answer = (await data.list('retry', 'videoCategories', { part: 'snippet', regionCode: 'US' })) as { items: unknown[] };
  expect(answer.items.length).toBeGreaterThan(0);
  expect(dataCalls(await google.requests(), 'videoCategories')).toHaveLength(3);
  expect(await quotaRow('retry')).toEqual([{ units: 3, calls: 3 }]);
});

it('a 403 is not retried (one call, one unit); a call the meter refuses is never sent and costs nothing', async () => {
  const google = await fakeGoogle({ failFirst: { '/data/v3/videoCategories': [403] } });
  const meter = new QuotaMeter(env.DB, DAY, 2);
  const data = new DataApi(google.urls.YOUTUBE_DATA_URL!, FAKE_CREDENTIALS.YOUTUBE_API_KEY, meter);
  await expect(data.list('refused', 'videoCategories', { part: 'snippet', regionCode: 'US' })).rejects.toThrow(GoogleApiError);
  expect(await quotaRow('refused')).toEqual([{ units: 1, calls: 1 }]);

  // 100 units do not fit in a limit of 2: refused before sending.
  await expect(data.list('refused', 'search', { part: 'snippet', q: 'x' })).rejects.toThrow(QuotaExceededError);
  expect(dataCalls(await google.requests())).toHaveLength(1);
  expect(await quotaRow('refused')).toEqual([{ units: 1, calls: 1 }]);
});

it('stops after the last attempt when Google keeps failing: each of the four attempts paid', async () => {
  const google = await fakeGoogle({ failFirst: { '/data/v3/videoCategories': [500, 502, 503, 504, 500] } });
  const data = new DataApi(google.urls.YOUTUBE_DATA_URL!, FAKE_CREDENTIALS.YOUTUBE_API_KEY, new QuotaMeter(env.DB, DAY, 100));
  await expect(data.list('down', 'videoCategories', { part: 'snippet', regionCode: 'US' })).rejects.toThrow(/HTTP 504/);
  expect(dataCalls(await google.requests(), 'videoCategories')).toHaveLength(4);
  expect(await quotaRow('down')).toEqual([{ units: 4, calls: 4 }]);
});
