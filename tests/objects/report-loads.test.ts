// Report loads on Cloudflare Workflows (REPORT_LOADS): the hourly run only lists reports and starts one
// instance per day; the instance archives, loads and records them in steps the engine retries. A load
// that keeps failing leaves the figures as they were, says why, and the next run finishes the job; so does an
// instance that ended without recording its reports.
import { env, introspectWorkflow } from 'cloudflare:test';
import { expect, it } from 'vitest';
import { runSync } from '../../src/server/ingest/sync/run';
import { settleLostLoads } from '../../src/server/ingest/sync/lost-loads';
import { getSyncStatus } from '../../src/server/ingest/sync/status';
import { csvRecords, sumBy } from '../integration/sync/csv';
import { fakeGoogle, fixtureText, rows, syncBindings } from '../integration/sync/helpers';
import type { Scenario } from '../integration/sync/fake/state';
import { eachTestOnEmptySyncTables, failStepEveryTry } from './sync-storage';

const NOW = Date.parse('2026-03-05T12:05:00Z');
const HOUR = 3_600_000;
const BASIC = 'youtube/reporting_csv/channel_basic_a2.from_fivetran_seed.csv';
const CHANNEL = 'UC2vW_-qeIhF1ESszzuH2pyw';
// Each test its own scope (the objects suite keeps storage between tests): a content owner with no network.
const settings = { TRENDS_PAGES: '0', REPORT_RETRY_SECONDS: '1' };

const basic = (id: string, date: string, createTime: string) => ({
  id,
  file: BASIC,
  date,
  startTime: `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6)}T07:00:00Z`,
  createTime,
});
const scenario = (job: string, reports: ReturnType<typeof basic>[]): Scenario => ({
  scopes: { '': { jobs: [{ id: job, reportTypeId: 'channel_basic_a2', reports }] } },
});

const views = () =>
  rows<{ day: string; views: number }>(
    'SELECT d.day, d.views FROM channel_daily d JOIN channels c ON c.id = d.channel_id WHERE c.youtube_id = ? ORDER BY d.day',
    CHANNEL,
  );

async function expectedViews(...dates: string[]) {
  const records = csvRecords(await fixtureText(BASIC)).filter((r) => dates.includes(r.date ?? ''));
  return [...sumBy(records, 'date', 'views')].map(([d, v]) => ({ day: `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}`, views: v }));
}

eachTestOnEmptySyncTables(CHANNEL);

it('the hourly run starts one load per day and moves no cursor until the loads have recorded their reports', async () => {
  const google = await fakeGoogle(
    scenario('job-loads-a', [basic('a-0727', '20210727', '2021-07-29T10:00:00Z'), basic('a-0728', '20210728', '2021-07-30T10:00:00Z')]),
  );
  await using loads = await introspectWorkflow(env.REPORT_LOADS as Workflow);
  // After the introspector: it watches the binding env holds from now on.
  const bindings = syncBindings(google, ['oauth'], settings);
  const result = await runSync(bindings, { now: NOW });

  // The run itself loaded nothing: it handed each day to an instance (which may already be running, so
  // the run's own answer is read, not the table the instances write to).
  expect(result).toMatchObject({
    status: 'ran',
    results: {
      reports: {
        records: [
          { status: 'loading', reportTypeId: 'channel_basic_a2', day: '2021-07-27' },
          { status: 'loading', reportTypeId: 'channel_basic_a2', day: '2021-07-28' },
        ],
      },
    },
  });
  const instances = loads.get();
  expect(instances).toHaveLength(2);
  for (const instance of instances) await instance.waitForStatus('complete');

  expect(await views()).toEqual(await expectedViews('20210727', '20210728'));
  expect(await rows('SELECT report_id, status, attempts FROM sync_reports ORDER BY report_id')).toEqual([
    { report_id: 'a-0727', status: 'loaded', attempts: 1 },
    { report_id: 'a-0728', status: 'loaded', attempts: 1 },
  ]);
  expect(await rows('SELECT state, load_status FROM report_archive ORDER BY report_id')).toEqual([
    { state: 'archived', load_status: 'loaded' },
    { state: 'archived', load_status: 'loaded' },
  ]);
  // The next run starts nothing again and moves the cursor past both.
  await runSync(bindings, { now: NOW + HOUR });
  expect(loads.get()).toHaveLength(2);
  expect(await rows('SELECT created_after FROM sync_report_cursors')).toEqual([{ created_after: '2021-07-30T10:00:00Z' }]);
});

it('a load step that fails every retry changes no figure, is recorded failed with its reason, and the next run finishes', async () => {
  const google = await fakeGoogle(scenario('job-loads-b', [basic('b-0727', '20210727', '2021-07-29T10:00:00Z')]));
  {
    await using loads = await introspectWorkflow(env.REPORT_LOADS as Workflow);
    await failStepEveryTry(loads, 'load', 'D1 is overloaded');
    await runSync(syncBindings(google, ['oauth'], settings), { now: NOW });
    const [instance] = loads.get();
    await instance?.waitForStatus('complete');
  }
  expect(await views()).toEqual([]);
  expect(await rows('SELECT status, reason, attempts FROM sync_reports')).toEqual([
    { status: 'failed', reason: 'D1 is overloaded', attempts: 1 },
  ]);
  expect(await rows('SELECT state, load_status, load_reason FROM report_archive')).toEqual([
    { state: 'archived', load_status: 'failed', load_reason: 'D1 is overloaded' },
  ]);

  await using loads = await introspectWorkflow(env.REPORT_LOADS as Workflow);
  await runSync(syncBindings(google, ['oauth'], settings), { now: NOW + HOUR });
  const [again] = loads.get();
  await again?.waitForStatus('complete');
  expect(await views()).toEqual(await expectedViews('20210727'));
  expect(await rows('SELECT status, attempts FROM sync_reports')).toEqual([{ status: 'loaded', attempts: 2 }]);
});

it('an instance that ended without recording its reports has them failed with the reason, and the next run finishes', async () => {
  const google = await fakeGoogle(scenario('job-loads-c', [basic('c-0727', '20210727', '2021-07-29T10:00:00Z')]));
  const reason = (id: string) => `the load instance ${id} ended errored without recording its reports: D1 is unavailable`;
  {
    // The record step failing every try ends the instance errored: its report stays loading. (Asked before
    // the introspector is disposed, which removes its instances from the engine.)
    await using loads = await introspectWorkflow(env.REPORT_LOADS as Workflow);
    await failStepEveryTry(loads, 'record', 'D1 is unavailable');
    await runSync(syncBindings(google, ['oauth'], settings), { now: NOW });
    const [instance] = loads.get();
    await instance?.waitForStatus('errored');
    const [loading] = await rows<{ id: string; status: string; reason: string | null }>(
      'SELECT load_instance AS id, status, reason FROM sync_reports',
    );
    expect(loading).toMatchObject({ status: 'loading', reason: null });

    // What the next run does first: the engine says the instance ended, so its report is failed, and why.
    expect(await settleLostLoads(env.DB, env.REPORT_LOADS as Workflow, Math.floor((NOW + HOUR) / 1000))).toBe(1);
    expect(await rows('SELECT status, reason, attempts FROM sync_reports')).toEqual([
      { status: 'failed', reason: reason(loading?.id ?? ''), attempts: 1 },
    ]);
    const [type] = (await getSyncStatus(env.DB, NOW)).types;
    expect(type).toMatchObject({
      failed: 1,
      loading: 0,
      lastProblem: { reportId: 'c-0727', status: 'failed', reason: reason(loading?.id ?? '') },
    });
  }

  await using loads = await introspectWorkflow(env.REPORT_LOADS as Workflow);
  await runSync(syncBindings(google, ['oauth'], settings), { now: NOW + HOUR });
  const [again] = loads.get();
  await again?.waitForStatus('complete');
  expect(await views()).toEqual(await expectedViews('20210727'));
  // The lost instance's load step had applied the file before its record failed: the second finds it in.
  expect(await rows('SELECT status, reason, attempts FROM sync_reports')).toEqual([{ status: 'unchanged', reason: null, attempts: 2 }]);
});
