// The report archive: every report the sync lists is streamed into R2 before it is loaded (a report past
// one part: archive-multipart.test.ts); a download cut off, a gzip cut short or R2 failing loads nothing, and the next run finishes.
import { env } from 'cloudflare:test';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { runSync } from '../../../src/server/ingest/sync/run';
import { csvRecords, sumBy } from './csv';
import { fakeGoogle, quietInfo, rows, syncBindings } from './helpers';
import { dailyViews, NOW, OAUTH_ONLY, report, scenario, servedText } from './archive-support';
import { logTexts } from '../log-lines';

beforeEach(quietInfo);
afterEach(() => {
  vi.restoreAllMocks();
});

it.each([
  ['a download cut off mid-file', { cutAt: 200_000, repeat: 40 }, /archive: the file could not be read to its end/],
  ['a gzip file cut short', { gzipCut: true, repeat: 40 }, /archive: the file could not be read to its end: not a readable gzip file/],
])('%s stores nothing, loads nothing and says why; the next run loads it whole', async (_, fault, reason) => {
  const google = await fakeGoogle(scenario(report(fault)));
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const bindings = syncBindings(google, ['oauth'], OAUTH_ONLY);
  await runSync(bindings, { now: NOW });

  const [failed] = await rows<{ status: string; reason: string }>('SELECT status, reason FROM sync_reports');
  expect(failed?.status).toBe('failed');
  expect(failed?.reason).toMatch(reason);
  expect(await rows('SELECT state, reason FROM report_archive')).toEqual([{ state: 'failed', reason: failed?.reason }]);
  expect((await env.REPORTS.list({ prefix: 'youtube/' })).objects).toEqual([]);
  expect(await dailyViews()).toEqual([]);
  expect(logTexts(warn).some((line) => line.includes('report r-0727 failed'))).toBe(true);

  await google.setup(scenario(report({ repeat: 40 })));
  await runSync(bindings, { now: NOW + 3_600_000 });
  const views = sumBy(csvRecords(await servedText(40)), 'date', 'views').get('20210727');
  expect(await dailyViews()).toEqual([{ views }]);
  expect(await rows('SELECT status, attempts FROM sync_reports')).toEqual([{ status: 'loaded', attempts: 2 }]);
  expect(await rows('SELECT state, reason, load_status FROM report_archive')).toEqual([
    { state: 'archived', reason: null, load_status: 'loaded' },
  ]);
});

it('R2 failing while a report is archived or read loads nothing; the report is retried', async () => {
  const google = await fakeGoogle(scenario(report()));
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const down = (): never => {
    throw new Error('R2 is unavailable (503)');
  };
  const broken = { ...env.REPORTS, put: down, get: down, head: down, createMultipartUpload: down } as unknown as R2Bucket;
  const bindings = syncBindings(google, ['oauth'], OAUTH_ONLY);
  await runSync({ ...bindings, REPORTS: broken }, { now: NOW });
  const [failed] = await rows<{ status: string; reason: string }>('SELECT status, reason FROM sync_reports');
  expect(failed).toEqual({ status: 'failed', reason: 'archive: R2 is unavailable (503)' });
  expect(await dailyViews()).toEqual([]);

  // Archived, then R2 fails on the read: the load stops before writing anything.
  await runSync(
    { ...bindings, REPORTS: { ...env.REPORTS, put: env.REPORTS.put.bind(env.REPORTS), get: down } as unknown as R2Bucket },
    {
      now: NOW + 3_600_000,
    },
  );
  expect(await rows('SELECT status FROM sync_reports')).toEqual([{ status: 'failed' }]);
  expect(await rows('SELECT state, load_status FROM report_archive')).toEqual([{ state: 'archived', load_status: 'failed' }]);
  expect(await dailyViews()).toEqual([]);

  const downloadsBefore = (await google.requests()).filter((r) => r.path.startsWith('/reporting/v1/media/')).length;
  await runSync(bindings, { now: NOW + 7_200_000 });
  // Loaded from the archived copy: not downloaded again.
  expect((await google.requests()).filter((r) => r.path.startsWith('/reporting/v1/media/')).length).toBe(downloadsBefore);
  const views = sumBy(csvRecords(await servedText(1)), 'date', 'views').get('20210727');
  expect(await dailyViews()).toEqual([{ views }]);
});
