// A report larger than a piece (REPORT_PIECE_BYTES): read and staged a byte range per step, applied in one
// batch. Sums equal the file's, each total rounded once; a bad row is named by its line in the file; a
// piece that fails leaves nothing, and the next run loads the report whole.
import { env } from 'cloudflare:test';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { runSync } from '../../../src/server/ingest/sync/run';
import { csvRecords } from './csv';
import { fakeGoogle, rows, syncBindings } from './helpers';
import { expectedFigures, NOW, OAUTH_ONLY, report, scenario, servedText } from './archive-support';

/** Pieces of 100 KiB: the 40-fold day (1.1 MB) is read in a dozen steps. */
const PIECED = { ...OAUTH_ONLY, REPORT_PIECE_BYTES: String(100 * 1024) };
const TIMES = 40;

let info: { mock: { calls: unknown[][] } };
beforeEach(() => {
  info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function storedFigures() {
  const daily = await rows<{ views: number; likes: number; watch: number }>(
    'SELECT views, likes, watch_time_minutes AS watch FROM channel_daily',
  );
  const countries = await rows<{ country: string; views: number }>(
    'SELECT country_code AS country, views FROM channel_country_daily ORDER BY country_code',
  );
  return { daily, countries };
}

const piecesLogged = () => info.mock.calls.map(([line]) => String(line)).find((line) => line.includes('pieces'));
const staged = () => rows<{ n: number }>('SELECT count(*) AS n FROM import_staged');

it('stores exactly the sums of the file, each total rounded once', async () => {
  const text = await servedText(TIMES);
  const google = await fakeGoogle(scenario(report({ repeat: TIMES })));
  await runSync(syncBindings(google, ['oauth'], PIECED), { now: NOW });
  expect(piecesLogged()).toMatch(new RegExp(`\\(${new TextEncoder().encode(text).length} bytes\\) loads in 11 pieces`));
  expect(await rows('SELECT status, rows FROM sync_reports')).toEqual([{ status: 'loaded', rows: csvRecords(text).length }]);
  const expected = expectedFigures(text);
  // The fixture's watch time is fractional: rounded per piece, the total would drift.
  expect(Number.isInteger(csvRecords(text).reduce((n, r) => n + Number(r.watch_time_minutes), 0))).toBe(false);
  expect(await storedFigures()).toEqual(expected);
  expect(await staged()).toEqual([{ n: 0 }]);
});

it('a bad row deep in the file rejects it with its line in the file and changes nothing', async () => {
  const text = await servedText(TIMES);
  const lines = text.split('\n').filter((l) => l !== '').length;
  const badLine = lines - 3;
  const google = await fakeGoogle(scenario(report({ repeat: TIMES, badLine })));
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  await runSync(syncBindings(google, ['oauth'], PIECED), { now: NOW });
  const [outcome] = await rows<{ status: string; reason: string }>('SELECT status, reason FROM sync_reports');
  expect(outcome?.status).toBe('rejected');
  expect(outcome?.reason).toContain(`:${badLine}: column views: "12O4"`);
  expect(await rows('SELECT count(*) AS n FROM channel_daily')).toEqual([{ n: 0 }]);
  expect(await staged()).toEqual([{ n: 0 }]);
});

it('R2 failing on a late piece loads nothing and leaves nothing staged; the next run loads the file whole', async () => {
  const text = await servedText(TIMES);
  const google = await fakeGoogle(scenario(report({ repeat: TIMES })));
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const bindings = syncBindings(google, ['oauth'], PIECED);
  // Reads of byte ranges past the file's middle fail: the pieces before them were staged already.
  const half = new TextEncoder().encode(text).length / 2;
  const get = (key: string, options?: R2GetOptions) => {
    const range = options?.range as { offset?: number } | undefined;
    if ((range?.offset ?? 0) > half) throw new Error('R2 is unavailable (503)');
    return env.REPORTS.get(key, options);
  };
  const failing = { ...env.REPORTS, put: env.REPORTS.put.bind(env.REPORTS), head: env.REPORTS.head.bind(env.REPORTS), get };
  await runSync({ ...bindings, REPORTS: failing as unknown as R2Bucket }, { now: NOW });
  const [failed] = await rows<{ status: string; reason: string }>('SELECT status, reason FROM sync_reports');
  expect(failed?.reason).toContain('R2 is unavailable (503)');
  expect(failed?.status).toBe('failed');
  expect(failed?.reason).toContain('R2 is unavailable (503)');
  expect(await rows('SELECT count(*) AS n FROM channel_daily')).toEqual([{ n: 0 }]);
  expect(await staged()).toEqual([{ n: 0 }]);

  await runSync(bindings, { now: NOW + 3_600_000 });
  expect(await rows('SELECT status FROM sync_reports')).toEqual([{ status: 'loaded' }]);
  expect(await storedFigures()).toEqual(expectedFigures(text));
  expect(await staged()).toEqual([{ n: 0 }]);
});

it("a day's demographics wait for weights a pieced basic report does not keep, and say so", async () => {
  const demographics = {
    id: 'd-0727',
    file: 'sync/channel_demographics_a1_20210727.csv',
    startTime: '2021-07-27T07:00:00Z',
    createTime: '2021-07-29T10:00:00Z',
  };
  const jobs = [
    { id: 'job-basic', reportTypeId: 'channel_basic_a2', reports: [report({ repeat: TIMES })] },
    { id: 'job-demographics', reportTypeId: 'channel_demographics_a1', reports: [demographics] },
  ];
  const google = await fakeGoogle({ scopes: { '': { jobs } } });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  await runSync(syncBindings(google, ['oauth'], PIECED), { now: NOW });
  const outcomes = await rows<{ report_id: string; status: string; reason: string | null }>(
    'SELECT report_id, status, reason FROM sync_reports ORDER BY report_id',
  );
  expect(outcomes.map((o) => [o.report_id, o.status])).toEqual([
    ['d-0727', 'rejected'],
    ['r-0727', 'loaded'],
  ]);
  expect(outcomes[0]?.reason).toMatch(
    /basic report channel_basic_a2_20210727_r-0727\S* is larger than a load step reads at once and was loaded in pieces/,
  );
  expect(await storedFigures()).toEqual(expectedFigures(await servedText(TIMES)));
});
