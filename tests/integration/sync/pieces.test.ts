// A report larger than a piece (REPORT_PIECE_BYTES): read and staged a byte range per step, applied in one
// batch. Sums equal the file's, each total rounded once; a bad row is named by its line in the file; a
// piece that fails leaves nothing, and the next run loads the report whole; the day's demographics are weighted by
// the views the pieces staged per key.
import { env } from 'cloudflare:test';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { runOperatorLoad } from '../../../src/server/ingest/archive/operator-load';
import { replayFiles, replayLoad } from '../../../src/server/ingest/archive/replay';
import { importTarget } from '../../../src/server/ingest/import-target';
import { runSync } from '../../../src/server/ingest/sync/run';
import { inlineSteps } from '../../../src/server/ingest/workflows/steps';
import { csvRecords } from './csv';
import { fakeGoogle, fixtureText, rows, syncBindings } from './helpers';
import { expectedFigures, NOW, OAUTH_ONLY, report, scenario, servedText } from './archive-support';
import { logTexts } from '../log-lines';

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

const piecesLogged = () => logTexts(info).find((line) => line.includes('pieces'));
/** Rows a file's pieces staged and left: slices, and views per demographics key. */
const staged = () => rows<{ n: number }>('SELECT (SELECT count(*) FROM import_staged) + (SELECT count(*) FROM import_staged_weights) AS n');

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

it("a file's new load clears what a killed load of it left staged, and leaves another live load's rows", async () => {
  const text = await servedText(TIMES);
  const google = await fakeGoogle(scenario(report({ repeat: TIMES })));
  await runSync(syncBindings(google, ['oauth'], PIECED), { now: NOW });
  const [file] = await rows<{ id: number }>('SELECT id FROM report_archive');
  const now = Math.floor(NOW / 1000);
  // What a load of the file killed mid-pieces left (its instance never ended its steps), and what loads of other
  // files still running have staged so far: archive-<id>0 shares the killed one's digits, not its file.
  const killed = `archive-${file!.id}:killed-load`;
  const live = [`archive-${file!.id + 1}:live-load`, `archive-${file!.id}0:live-load`];
  for (const importId of [killed, ...live]) {
    await env.DB.batch([
      env.DB.prepare("INSERT INTO import_staged (import_id, seq, target, rows, created_at) VALUES (?1, 1, 'channel_daily', '[]', ?2)").bind(
        importId,
        now,
      ),
      env.DB.prepare(
        "INSERT INTO import_staged_weights (import_id, piece, channel_id, day, views, created_at) VALUES (?1, 0, 'UCx', '2026-03-01', '[]', ?2)",
      ).bind(importId, now),
    ]);
  }
  const stagedIds = async () =>
    (
      await rows<{ id: string }>(
        'SELECT import_id AS id FROM import_staged UNION ALL SELECT import_id FROM import_staged_weights ORDER BY 1',
      )
    ).map((r) => r.id);

  // A replay of the file (what an operator runs after a lost load): its first piece clears the killed load's rows.
  const target = { ...importTarget(env), bucket: env.REPORTS };
  const page = await replayFiles(env.DB, { networkId: null, from: '2000-01-01', to: '2099-12-31', after: undefined, days: 10 });
  expect(page.files.map((f) => f.id)).toEqual([file!.id]);
  const params = replayLoad(page, now, { pieceBytes: Number(PIECED.REPORT_PIECE_BYTES), retrySeconds: 0 });
  const output = await runOperatorLoad(target, params, inlineSteps);
  expect(output.files.map((f) => f.status)).toEqual(['loaded']);
  expect(await stagedIds()).toEqual([...live, ...live].sort());
  expect(await storedFigures()).toEqual(expectedFigures(text));
});

/**
 * The day's audience computed from the CSVs alone: each demographics row's share of the views its key
 * (video, live or on demand, subscribed status, country) has in the served basic report, summed per age
 * group and gender, as channel_audience_daily holds it (age '25-34', gender 'male'); `perVideo`: per video
 * as well, as video_audience_daily holds it (cells 'video|25-34|male').
 */
function expectedAudience(basicText: string, demographicsText: string, perVideo = false) {
  const keyOf = (r: Record<string, string>) =>
    [r.date, r.channel_id, r.video_id, r.live_or_on_demand, r.subscribed_status, r.country_code].join('|');
  const viewsByKey = new Map<string, number>();
  for (const r of csvRecords(basicText)) viewsByKey.set(keyOf(r), (viewsByKey.get(keyOf(r)) ?? 0) + Number(r.views));
  const cells = new Map<string, number>();
  for (const r of csvRecords(demographicsText)) {
    if (perVideo && !r.video_id) continue;
    const age = (r.age_group ?? '').replace(/^AGE_/, '').replace('_', '-');
    const cell = `${perVideo ? `${r.video_id}|` : ''}${age}|${(r.gender ?? '').toLowerCase()}`;
    cells.set(cell, (cells.get(cell) ?? 0) + ((viewsByKey.get(keyOf(r)) ?? 0) * Number(r.views_percentage)) / 100);
  }
  return [...cells].map(([cell, views]) => ({ cell, views })).sort((a, b) => (a.cell < b.cell ? -1 : 1));
}

const DEMOGRAPHICS = {
  id: 'd-0727',
  file: 'sync/channel_demographics_a1_20210727.csv',
  startTime: '2021-07-27T07:00:00Z',
  createTime: '2021-07-29T10:00:00Z',
};
const basicJob = { id: 'job-basic', reportTypeId: 'channel_basic_a2', reports: [report({ repeat: TIMES })] };
const demographicsJob = (reports: (typeof DEMOGRAPHICS)[]) => ({
  id: 'job-demographics',
  reportTypeId: 'channel_demographics_a1',
  reports,
});

/**
 * The day's audience as stored: daily cells (fractional views) and the month's (rounded once), of the
 * channel grain, or per video (`perVideo`, cells as expectedAudience names them).
 */
async function expectStoredAudience(expected: Array<{ cell: string; views: number }>, perVideo = false) {
  expect(expected.length).toBeGreaterThan(0);
  const [table, cell] = perVideo ? ['video_audience', "video_id || '|' || "] : ['channel_audience', ''];
  const daily = await rows<{ cell: string; views: number }>(
    `SELECT ${cell}age_group || '|' || gender AS cell, views FROM ${table}_daily WHERE day = '2021-07-27' ORDER BY cell`,
  );
  expect(daily.map((d) => d.cell)).toEqual(expected.map((e) => e.cell));
  for (const [i, cell] of expected.entries()) expect(daily[i]?.views).toBeCloseTo(cell.views, 6);
  const monthly = await rows<{ cell: string; views: number }>(
    `SELECT ${cell}age_group || '|' || gender AS cell, views FROM ${table}_monthly WHERE month = '2021-07' ORDER BY cell`,
  );
  const months = expected.map(({ cell, views }) => ({ cell, views: Math.round(views) }));
  expect(monthly).toEqual(months.filter((m) => m.views > 0));
}

it("a day's demographics are weighted by the views its pieced basic report staged per key", async () => {
  const google = await fakeGoogle({ scopes: { '': { jobs: [basicJob, demographicsJob([DEMOGRAPHICS])] } } });
  await runSync(syncBindings(google, ['oauth'], PIECED), { now: NOW });
  expect(piecesLogged()).toMatch(/loads in 11 pieces/);
  expect(await rows('SELECT report_id, status FROM sync_reports ORDER BY report_id')).toEqual([
    { report_id: 'd-0727', status: 'loaded' },
    { report_id: 'r-0727', status: 'loaded' },
  ]);
  const basicText = await servedText(TIMES);
  // Every key's views lie in several pieces (the day is served 40 times over): only their sum weighs right.
  await expectStoredAudience(expectedAudience(basicText, await fixtureText(DEMOGRAPHICS.file)));
  // Per video the same: a video's cells weighed by its own keys' views, summed over the pieces.
  await expectStoredAudience(expectedAudience(basicText, await fixtureText(DEMOGRAPHICS.file), true), true);
  expect(await storedFigures()).toEqual(expectedFigures(basicText));
  expect(await staged()).toEqual([{ n: 0 }]);
});

it('demographics arriving after their pieced basic report are weighted by its pieces staged again from the archive', async () => {
  const google = await fakeGoogle({ scopes: { '': { jobs: [basicJob, demographicsJob([])] } } });
  const bindings = syncBindings(google, ['oauth'], PIECED);
  await runSync(bindings, { now: NOW });
  // A stale row of an import that died a week ago: the next staging sweeps it.
  await rows(
    "INSERT INTO import_staged_weights (import_id, piece, channel_id, day, views, created_at) VALUES ('dead', 0, 'UCx', '20210727', '[]', ?)",
    Math.floor(NOW / 1000) - 7 * 24 * 3600,
  );
  await google.setup({ scopes: { '': { jobs: [basicJob, demographicsJob([{ ...DEMOGRAPHICS, createTime: '2021-07-30T11:00:00Z' }])] } } });
  await runSync(bindings, { now: NOW + 3_600_000 });
  // The basic report comes from the archive as the day's companion, loaded before: staged in pieces again
  // (its weights with them) and unchanged, never read whole.
  expect(logTexts(info).filter((line) => line.includes('loads in 11 pieces'))).toHaveLength(2);
  expect(await rows("SELECT report_id, status FROM sync_reports WHERE report_id = 'd-0727'")).toEqual([
    { report_id: 'd-0727', status: 'loaded' },
  ]);
  await expectStoredAudience(expectedAudience(await servedText(TIMES), await fixtureText(DEMOGRAPHICS.file)));
  expect(await staged()).toEqual([{ n: 0 }]);
});
