// An operator's loads under the real Workflows engine (ARCHIVE_LOADS): an upload larger than REPORT_PIECE_BYTES is
// staged a piece per engine step and stores exactly the file's sums; a replay loads its page in an instance; a file
// posted to /api/admin/import is archived (row, hash, size, object) before its instance loads it; a bad row in a
// late piece rejects the whole file and changes nothing. GET /api/admin/loads/:id reads the instance's own status.
import { createExecutionContext, env, introspectWorkflow, waitOnExecutionContext, type WorkflowIntrospector } from 'cloudflare:test';
import { expect, it } from 'vitest';
import app from '../../src/server/app';
import type { LoadStarted, LoadState } from '../../src/server/admin/loads';
import type { ReplayPage } from '../../src/server/ingest/archive/replay';
import type { FileResult } from '../../src/server/ingest/load/files';
import { csvRecords } from '../integration/sync/csv';
import { rows } from '../integration/sync/helpers';
import { expectedFigures, servedText, sha256Hex } from '../integration/sync/archive-support';
import { byteLength, eachTestOnEmptySyncTables, stagedRows, storedFigures } from './sync-storage';

const CHANNEL = 'UC2vW_-qeIhF1ESszzuH2pyw';
/** Pieces of 100 KiB: the 40-fold day (1.1 MB) is read in 11 steps; retries 1 s apart, not 30. */
const PIECE_BYTES = 100 * 1024;
const SETTINGS = { REPORT_PIECE_BYTES: String(PIECE_BYTES), REPORT_RETRY_SECONDS: '1' };
const TIMES = 40;
const NAME = 'channel_basic_a2_20210727.csv';
const AUTH = { Authorization: `Bearer ${env.ADMIN_TOKEN ?? ''}` };

/** One admin API request with the small piece size; the app answers after its own work is done. */
async function admin<T>(path: string, init: { method?: string; body?: BodyInit | object; headers?: Record<string, string> } = {}) {
  const raw = init.body instanceof FormData || init.body instanceof Uint8Array;
  const headers = { ...AUTH, ...(init.body !== undefined && !raw ? { 'Content-Type': 'application/json' } : {}), ...init.headers };
  const body = init.body === undefined || raw ? (init.body as BodyInit | undefined) : JSON.stringify(init.body);
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
  const ctx = createExecutionContext();
  const res = await app.request(`http://localhost/api/admin/${path}`, { method, headers, body }, { ...env, ...SETTINGS }, ctx);
  await waitOnExecutionContext(ctx);
  return { status: res.status, ...((await res.json()) as { data?: T; error?: string }) };
}

/** Puts a file in the archive as the command line does: announce, its one part, complete. Answers its id. */
async function uploaded(text: string): Promise<number> {
  const bytes = new TextEncoder().encode(text);
  const started = await admin<{ id: number }>('uploads', { body: { name: NAME, bytes: bytes.length, sha256: await sha256Hex(bytes) } });
  const id = started.data?.id ?? 0;
  await admin(`uploads/${id}/parts/1`, { method: 'PUT', body: bytes.slice(), headers: { 'Content-Type': 'application/octet-stream' } });
  expect((await admin<{ state: string }>(`uploads/${id}/complete`, { body: {} })).data?.state).toBe('archived');
  return id;
}

/** Between two reads of a load's state while the engine runs it. */
const POLL_MS = 100;

/**
 * The instance a start (202) made, followed through GET /api/admin/loads/:id (the engine's own status) to
 * its end, as the command line does; answers the instance, its last state and its result.
 */
async function followed<T>(loads: WorkflowIntrospector, started: { status: number; data?: LoadStarted }) {
  expect(started.status).toBe(202);
  const id = started.data?.load ?? '';
  // The introspector lists the instances made since it was created: the latest is this start's.
  const instance = loads.get().at(-1);
  expect(instance).toBeDefined();
  let state = await admin<LoadState>(`loads/${id}`);
  while (!['complete', 'errored', 'terminated'].includes(state.data?.state ?? 'errored')) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    state = await admin<LoadState>(`loads/${id}`);
  }
  expect(state.data).toMatchObject({ load: id, state: 'complete', error: null });
  return { instance, state: state.data, result: state.data?.result as T };
}

const piecesOf = (text: string) => Math.ceil(byteLength(text) / PIECE_BYTES);

eachTestOnEmptySyncTables(CHANNEL);

it('loads an upload larger than a piece a piece per engine step, to exactly the sums of the file', async () => {
  const text = await servedText(TIMES);
  const pieces = piecesOf(text);
  expect(pieces).toBeGreaterThan(1);
  const id = await uploaded(text);
  await using loads = await introspectWorkflow(env.ARCHIVE_LOADS as Workflow);
  const { instance, state, result } = await followed<{ files: FileResult[]; dry_run: boolean }>(
    loads,
    await admin<LoadStarted>(`uploads/${id}/load`, { body: { issued: '2021-07-29T10:00:00Z' } }),
  );

  let rowsStaged = 0;
  for (let k = 1; k <= pieces; k++) {
    rowsStaged += ((await instance?.waitForStepResult({ name: `stage ${id} piece ${k} of ${pieces}` })) as { rows: number }).rows;
  }
  expect(rowsStaged).toBe(csvRecords(text).length);
  // Every piece, the file's step and the load: each noted as it ended, the load last.
  expect(state).toMatchObject({ step: 'load', steps_done: pieces + 3 });
  expect(result).toMatchObject({ dry_run: false, files: [{ name: NAME, status: 'loaded', rows: csvRecords(text).length }] });
  expect(await storedFigures(CHANNEL)).toEqual(expectedFigures(text));
  expect(await stagedRows()).toEqual([{ n: 0 }]);
  expect(await rows('SELECT load_status, issued_at FROM report_archive')).toEqual([
    { load_status: 'loaded', issued_at: Date.parse('2021-07-29T10:00:00Z') / 1000 },
  ]);
});

it('replays an archived page in an instance: the figures come back equal to the file', async () => {
  const text = await servedText(TIMES);
  const id = await uploaded(text);
  await using loads = await introspectWorkflow(env.ARCHIVE_LOADS as Workflow);
  await followed(loads, await admin<LoadStarted>(`uploads/${id}/load`, { body: {} }));
  // The figures are lost (a database restored from before the load); the archive still holds the file.
  await env.DB.batch(
    ['channel_daily', 'channel_country_daily', 'report_files', 'report_slices'].map((t) => env.DB.prepare(`DELETE FROM ${t}`)),
  );

  const { instance, result } = await followed<ReplayPage>(
    loads,
    await admin<LoadStarted>('replay', { body: { network: 'all', days: 31 } }),
  );
  expect(result).toEqual({ days: ['2021-07-27'], files: 1, statuses: { loaded: 1 }, next: null });
  // The replay staged the file in pieces too.
  expect(await instance?.waitForStepResult({ name: `pieces of ${id}` })).toEqual(expect.any(String));
  expect(await storedFigures(CHANNEL)).toEqual(expectedFigures(text));
  expect(await stagedRows()).toEqual([{ n: 0 }]);
});

it('archives a file posted to /api/admin/import before its instance loads it', async () => {
  const text = await servedText(2);
  const form = new FormData();
  form.append('files', new File([text], NAME));
  await using loads = await introspectWorkflow(env.ARCHIVE_LOADS as Workflow);
  const { result } = await followed<{ files: FileResult[]; rejected: number }>(loads, await admin<LoadStarted>('import', { body: form }));

  expect(result).toMatchObject({ rejected: 0, files: [{ name: NAME, status: 'loaded', rows: csvRecords(text).length }] });
  expect(await storedFigures(CHANNEL)).toEqual(expectedFigures(text));
  const archived = await rows<{ object_key: string }>(
    "SELECT object_key, origin, name, bytes, sha256, state, load_status FROM report_archive WHERE origin = 'upload'",
  );
  expect(archived).toEqual([
    {
      object_key: expect.stringMatching(/^uploads\/.+\/channel_basic_a2_20210727\.csv$/),
      origin: 'upload',
      name: NAME,
      bytes: byteLength(text),
      sha256: await sha256Hex(text),
      state: 'archived',
      load_status: 'loaded',
    },
  ]);
  const object = await env.REPORTS.get(archived[0]?.object_key ?? '');
  expect(await object?.text()).toBe(text);
});

it('a bad row in a late piece rejects the whole upload and changes nothing', async () => {
  const good = await servedText(TIMES);
  const lines = good.split('\n');
  // A row near the end (in the last piece): its views are not a number.
  const at = lines.length - 3;
  const columns = (lines[0] ?? '').split(',');
  const cells = (lines[at] ?? '').split(',');
  cells[columns.indexOf('views')] = 'many';
  lines[at] = cells.join(',');
  const text = lines.join('\n');
  const id = await uploaded(text);
  const before = await storedFigures(CHANNEL);
  await using loads = await introspectWorkflow(env.ARCHIVE_LOADS as Workflow);
  const { instance, result } = await followed<{ files: FileResult[] }>(loads, await admin<LoadStarted>(`uploads/${id}/load`, { body: {} }));

  // The pieces before the bad one were staged (the file loads in pieces), then dropped.
  expect(await instance?.waitForStepResult({ name: `stage ${id} piece 1 of ${piecesOf(text)}` })).toMatchObject({
    rows: expect.any(Number),
  });
  expect(result.files).toMatchObject([{ status: 'rejected', rows: 0 }]);
  // Named by its line in the file (1-based, the header is line 1), not in its piece.
  expect(result.files[0]?.reason).toContain(`${NAME}:${at + 1}:`);
  expect(await storedFigures(CHANNEL)).toEqual(before);
  expect(await stagedRows()).toEqual([{ n: 0 }]);
  expect(await rows('SELECT load_status FROM report_archive')).toEqual([{ load_status: 'rejected' }]);
});
