// The report archive with a report larger than one multipart part: streamed into R2 in parts, recorded
// with its size and hash, loaded from there (default pass only: vitest.integration-split.config.ts says why).
import { env } from 'cloudflare:test';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { runSync } from '../../../src/server/ingest/sync/run';
import { csvRecords, sumBy } from './csv';
import { fakeGoogle, quietInfo, rows, syncBindings } from './helpers';
import { dailyViews, NOW, OAUTH_ONLY, report, scenario, servedText, sha256Hex } from './archive-support';

/** 162 rows of 2021-07-27, 400 times over: about 11 MB, more than one 8 MiB part. */
const REPEAT = 400;

beforeEach(quietInfo);
afterEach(() => {
  vi.restoreAllMocks();
});

it('streams a report larger than a part into R2, records its size and hash, and loads the figures from there', async () => {
  const google = await fakeGoogle(scenario(report({ repeat: REPEAT })));
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  expect(await runSync(syncBindings(google, ['oauth'], OAUTH_ONLY), { now: NOW })).toMatchObject({ status: 'ran', failed: [] });

  const text = await servedText(REPEAT);
  const bytes = new TextEncoder().encode(text).length;
  expect(bytes).toBeGreaterThan(8 * 1024 * 1024);
  const [archived] = await rows<{
    object_key: string;
    bytes: number;
    sha256: string;
    state: string;
    load_status: string;
    issued_at: number;
  }>('SELECT object_key, bytes, sha256, state, load_status, issued_at FROM report_archive');
  expect(archived).toEqual({
    object_key: 'youtube/own/channel_basic_a2/2021-07-29T10%3A00%3A00Z_r-0727.csv',
    bytes,
    sha256: await sha256Hex(text),
    state: 'archived',
    load_status: 'loaded',
    issued_at: Date.parse('2021-07-29T10:00:00Z') / 1000,
  });
  const object = await env.REPORTS.get(archived?.object_key ?? '');
  expect(await object?.text()).toBe(text);

  const views = sumBy(csvRecords(text), 'date', 'views').get('20210727');
  expect(await dailyViews()).toEqual([{ views }]);
  expect(await rows("SELECT status FROM sync_reports WHERE report_id = 'r-0727'")).toEqual([{ status: 'loaded' }]);
});
