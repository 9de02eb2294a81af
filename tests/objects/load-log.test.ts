// A day's load instance (REPORT_LOADS) logs under its instance id, the id the hourly run's line "handed to
// load <id>" names: every line its steps write, with the step's name, and its counters line at its end
// ('report_load.done': reports by outcome, rows).
import { env, introspectWorkflow } from 'cloudflare:test';
import { expect, it, vi } from 'vitest';
import { runSync } from '../../src/server/ingest/sync/run';
import { csvRecords } from '../integration/sync/csv';
import { fakeGoogle, syncBindings } from '../integration/sync/helpers';
import { NOW, report, servedText } from '../integration/sync/archive-support';
import { logLines } from '../integration/log-lines';
import { eachTestOnEmptySyncTables } from './sync-storage';

const CHANNEL = 'UC2vW_-qeIhF1ESszzuH2pyw';
/** Pieces of 100 KiB: the 10-fold day is staged in a few steps, each of which logs. */
const PIECED = { TRENDS_PAGES: '0', REPORT_RETRY_SECONDS: '1', REPORT_PIECE_BYTES: String(100 * 1024) };
const TIMES = 10;

eachTestOnEmptySyncTables(CHANNEL);

it("the instance's lines carry its id and their step's name, and its last line counts what it loaded", async () => {
  const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
  const text = await servedText(TIMES);
  const google = await fakeGoogle({
    scopes: { '': { jobs: [{ id: 'job-log', reportTypeId: 'channel_basic_a2', reports: [report({ id: 'p-log', repeat: TIMES })] }] } },
  });
  await using loads = await introspectWorkflow(env.REPORT_LOADS as Workflow);
  await runSync(syncBindings(google, ['oauth'], PIECED), { now: NOW });
  await loads.get()[0]?.waitForStatus('complete');

  const lines = logLines(info);
  const handed = lines.map((line) => /handed to load (\S+)$/.exec(line.message ?? '')?.[1]).find(Boolean);
  expect(handed).toMatch(/^reports-/);
  // The file was staged in several pieces, each step saying so under the instance's id and its own name.
  const pieces = lines.filter((line) => line.event === 'archive.piece_staged');
  expect(pieces.length).toBeGreaterThan(1);
  expect(pieces.map((line) => [line.run_id, line.step])).toEqual(
    // The step names the file by its archive id ("stage 7 piece 2 of 5").
    pieces.map((_, i) => [handed, expect.stringMatching(new RegExp(`^stage \\d+ piece ${i + 1} of ${pieces.length}$`))]),
  );
  expect(lines.filter((line) => line.event === 'archive.pieces')).toEqual([
    expect.objectContaining({ run_id: handed, step: expect.stringMatching(/^pieces of \d+$/), pieces: pieces.length }),
  ]);
  // The day's outcome is said in the step that records it, once.
  expect(lines.filter((line) => line.event === 'sync' && line.run_id === handed)).toEqual([
    expect.objectContaining({ step: 'record', message: expect.stringMatching(/: 1 loaded$/) }),
  ]);
  // The run that started the instance wrote its own lines outside it: none of them carries the instance's id.
  expect(lines.filter((line) => /handed to load/.test(line.message ?? ''))).toEqual([expect.not.objectContaining({ run_id: handed })]);
  expect(lines.filter((line) => line.event === 'report_load.done')).toEqual([
    expect.objectContaining({
      run_id: handed,
      scope: '',
      reports: 1,
      files: { loaded: 1 },
      failed: 0,
      rows: csvRecords(text).length,
      duration_ms: expect.any(Number),
    }),
  ]);
});
