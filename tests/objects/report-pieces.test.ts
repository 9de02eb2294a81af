// A report larger than a piece (REPORT_PIECE_BYTES) loaded by a day's Workflow instance (REPORT_LOADS):
// one engine step per byte range stages it, the load step applies every piece in one batch. Under the real
// engine a piece that fails a try is retried and the day ends with the file's exact sums; a piece that
// fails every try changes no figure, stages nothing, is recorded failed, and the next run finishes; a load
// step that fails every try removes the pieces staged for it.
import { env, introspectWorkflow, type WorkflowInstanceIntrospector, type WorkflowIntrospector } from 'cloudflare:test';
import { expect, it, vi } from 'vitest';
import { runSync } from '../../src/server/ingest/sync/run';
import { csvRecords } from '../integration/sync/csv';
import { fakeGoogle, rows, syncBindings, type FakeGoogle } from '../integration/sync/helpers';
import { expectedFigures, NOW, report, servedText } from '../integration/sync/archive-support';
import type { ReportSpec } from '../integration/sync/fake/state';
import { byteLength, eachTestOnEmptySyncTables, failStepEveryTry, stagedRows, storedFigures } from './sync-storage';

const HOUR = 3_600_000;
const CHANNEL = 'UC2vW_-qeIhF1ESszzuH2pyw';
/** Pieces of 100 KiB: the 40-fold day (1.1 MB) is read in 11 steps; retries 1 s apart, not 30. */
const PIECE_BYTES = 100 * 1024;
const PIECED = { TRENDS_PAGES: '0', REPORT_RETRY_SECONDS: '1', REPORT_PIECE_BYTES: String(PIECE_BYTES) };
const TIMES = 40;
const PIECES = 11;

const scenario = (...reports: ReportSpec[]) => ({
  scopes: { '': { jobs: [{ id: 'job-pieces', reportTypeId: 'channel_basic_a2', reports }] } },
});

/**
 * R2 failing reads of byte ranges that start past the file's middle, the first `times` of them (all when
 * omitted). The instance reads R2 through the worker's own REPORTS binding (this.env), not the bindings
 * handed to runSync, so the bucket class is wrapped: the instance's steps run in this isolate.
 */
function failLateReads(middle: number, times = Infinity) {
  const bucket = Object.getPrototypeOf(env.REPORTS) as R2Bucket;
  const get = bucket.get as (this: R2Bucket, key: string, options?: R2GetOptions) => Promise<R2Object | null>;
  let failed = 0;
  const spy = vi.spyOn(bucket, 'get').mockImplementation(async function (this: R2Bucket, key: string, options?: R2GetOptions) {
    const offset = (options?.range as { offset?: number } | undefined)?.offset ?? 0;
    if (offset > middle && failed < times) {
      failed += 1;
      throw new Error('R2 is unavailable (503)');
    }
    return get.call(this, key, options);
  } as never);
  return { failed: () => failed, stop: () => spy.mockRestore() };
}

/**
 * Runs the hourly sync and waits until the day's load instance has finished (the engine's own status).
 * The introspector is the caller's: disposing it ends its instances, step results and all.
 */
async function runHour(loads: WorkflowIntrospector, google: FakeGoogle, now: number) {
  const before = loads.get().length;
  await runSync(syncBindings(google, ['oauth'], PIECED), { now });
  const started = loads.get().slice(before);
  expect(started).toHaveLength(1);
  await started[0]?.waitForStatus('complete');
  return started[0] as WorkflowInstanceIntrospector;
}

/** The rows the instance's `stage … piece k of n` steps read, summed from the results the engine kept. */
async function rowsStagedBySteps(instance: WorkflowInstanceIntrospector, pieces: number): Promise<number> {
  const [archived] = await rows<{ id: number }>('SELECT id FROM report_archive ORDER BY id DESC LIMIT 1');
  let sum = 0;
  for (let k = 1; k <= pieces; k++) {
    const piece = (await instance.waitForStepResult({ name: `stage ${archived?.id} piece ${k} of ${pieces}` })) as { rows: number };
    sum += piece.rows;
  }
  return sum;
}

const { infoLines } = eachTestOnEmptySyncTables(CHANNEL);

it('the instance stages a large report a piece per step and stores exactly the sums of the file', async () => {
  const text = await servedText(TIMES);
  const google = await fakeGoogle(scenario(report({ id: 'p-whole', repeat: TIMES })));
  // Before the bindings are made: the introspector watches the binding env holds from then on.
  await using loads = await introspectWorkflow(env.REPORT_LOADS as Workflow);
  const instance = await runHour(loads, google, NOW);

  const logged = infoLines().find((line) => line.includes('pieces'));
  expect(logged).toContain(`(${byteLength(text)} bytes) loads in ${PIECES} pieces`);
  // Each piece is a step the engine ran and kept: together they read as many records as the file holds.
  expect(await rowsStagedBySteps(instance, PIECES)).toBe(csvRecords(text).length);

  expect(await rows('SELECT status, rows FROM sync_reports')).toEqual([{ status: 'loaded', rows: csvRecords(text).length }]);
  expect(await storedFigures(CHANNEL)).toEqual(expectedFigures(text));
  expect(await stagedRows()).toEqual([{ n: 0 }]);
});

it('a piece whose R2 read fails twice is retried by the engine and the day ends with the same sums', async () => {
  const text = await servedText(TIMES);
  const google = await fakeGoogle(scenario(report({ id: 'p-retried', repeat: TIMES })));
  // The 7th of 11 ranges is the first to start past the middle: its first two tries fail, the third reads.
  const reads = failLateReads(byteLength(text) / 2, 2);
  await using loads = await introspectWorkflow(env.REPORT_LOADS as Workflow);
  const instance = await runHour(loads, google, NOW);

  expect(reads.failed()).toBe(2);
  expect(await rowsStagedBySteps(instance, PIECES)).toBe(csvRecords(text).length);
  expect(await rows('SELECT status, reason, attempts FROM sync_reports')).toEqual([{ status: 'loaded', reason: null, attempts: 1 }]);
  expect(await rows('SELECT load_status FROM report_archive')).toEqual([{ load_status: 'loaded' }]);
  expect(await storedFigures(CHANNEL)).toEqual(expectedFigures(text));
  expect(await stagedRows()).toEqual([{ n: 0 }]);
});

it('a piece that fails every try changes no figure, leaves nothing staged, is recorded failed, and the next run loads it', async () => {
  const first = report({ id: 'p-first', repeat: TIMES });
  const google = await fakeGoogle(scenario(first));
  await using loads = await introspectWorkflow(env.REPORT_LOADS as Workflow);
  await runHour(loads, google, NOW);
  const before = await storedFigures(CHANNEL);
  expect(before).toEqual(expectedFigures(await servedText(TIMES)));

  // A newer report of the day (one more copy of the rows, so its figures differ) whose late pieces R2
  // never reads: the pieces before them were staged, and go when the engine's tries are spent.
  const text = await servedText(TIMES + 1);
  await google.setup(scenario(first, report({ id: 'p-second', repeat: TIMES + 1, createTime: '2021-07-30T10:00:00Z' })));
  const reads = failLateReads(byteLength(text) / 2);
  const failing = await runHour(loads, google, NOW + HOUR);
  // Tried once and retried three times (reportStep's limit), each a read past the middle.
  expect(reads.failed()).toBe(4);
  // The first piece had staged parts: what is left staged below was removed, not merely never written.
  const [second] = await rows<{ id: number; bytes: number }>("SELECT id, bytes FROM report_archive WHERE report_id = 'p-second'");
  const firstPiece = await failing.waitForStepResult({
    name: `stage ${second?.id} piece 1 of ${Math.ceil((second?.bytes ?? 0) / PIECE_BYTES)}`,
  });
  expect((firstPiece as { parts: number }).parts).toBeGreaterThan(0);
  expect(await storedFigures(CHANNEL)).toEqual(before);
  expect(await stagedRows()).toEqual([{ n: 0 }]);
  const [failed] = await rows<{ status: string; reason: string; attempts: number }>(
    "SELECT status, reason, attempts FROM sync_reports WHERE report_id = 'p-second'",
  );
  expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
  expect(failed?.reason).toContain('R2 is unavailable (503)');
  const [archived] = await rows<{ load_status: string; load_reason: string }>(
    "SELECT load_status, load_reason FROM report_archive WHERE report_id = 'p-second'",
  );
  expect(archived?.load_status).toBe('failed');
  expect(archived?.load_reason).toContain('R2 is unavailable (503)');

  reads.stop();
  await runHour(loads, google, NOW + 2 * HOUR);
  expect(await rows("SELECT status, attempts FROM sync_reports WHERE report_id = 'p-second'")).toEqual([
    { status: 'replaced', attempts: 2 },
  ]);
  expect(await storedFigures(CHANNEL)).toEqual(expectedFigures(text));
  expect(await stagedRows()).toEqual([{ n: 0 }]);
});

it('a load step that fails every try removes the pieces it staged and is recorded failed with its reason', async () => {
  const text = await servedText(TIMES);
  const google = await fakeGoogle(scenario(report({ id: 'p-load-fails', repeat: TIMES })));
  await using loads = await introspectWorkflow(env.REPORT_LOADS as Workflow);
  await failStepEveryTry(loads, 'load', 'D1 is overloaded');
  const instance = await runHour(loads, google, NOW);

  // Every piece was staged (their rows add up to the file's) before the load failed every try.
  expect(await rowsStagedBySteps(instance, PIECES)).toBe(csvRecords(text).length);
  expect(await stagedRows()).toEqual([{ n: 0 }]);
  expect(await rows<{ n: number }>('SELECT count(*) AS n FROM import_staged_checks')).toEqual([{ n: 0 }]);
  expect(await storedFigures(CHANNEL)).toEqual({ daily: [], countries: [] });
  expect(await rows('SELECT status, reason FROM sync_reports')).toEqual([{ status: 'failed', reason: 'D1 is overloaded' }]);
});
