// The local server killed in the middle of a report load (wrangler dev's whole process tree, SIGKILL, while
// the load Workflow stages a large file's pieces): the figures stay exactly as they were, the report stays
// loading, and after a restart on the same state the hourly run that finds the instance lost starts the day
// again, says why, and the figures equal the served file's own sums. The local engine never resumes a
// killed instance (it reports it running forever), so the run that restarts it is one past
// REPORT_LOAD_STALE_SECONDS: the restarted server takes a second (wrangler dev's scheduled call takes no clock).
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openLocalD1 } from '../../scripts/demo/load/local-d1.ts';
import type { SyncStatus } from '../../src/server/ingest/sync/status.ts';
import { csvForDay, expectedFigures } from '../integration/sync/csv.ts';
import { FAKE_CREDENTIALS } from '../integration/sync/fake/credentials.ts';
import { startFakeGoogle } from '../integration/sync/fake/server.ts';
import { killDevServer, logText, prepareState, startDevServer, waitFor, type DevServer } from './dev-server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const STATE = path.join(ROOT, '.tmp/test-load-killed');
const FIXTURE = 'youtube/reporting_csv/channel_basic_a2.from_fivetran_seed.csv';
const CHANNEL = 'UC2vW_-qeIhF1ESszzuH2pyw';
const ADMIN_TOKEN = 'test-load-killed-admin-token-0123456789';
/** The day's rows 40 times (1.1 MB) in pieces of 16 KiB: some 70 steps, so a kill after the second lands mid-load. */
const TIMES = 40;
const PIECE_BYTES = 16 * 1024;
const KILL_AFTER_PIECE = 2;
/** Bounds on waiting for observable state: far above the seconds each takes, only there to end a hang. */
const WAIT_MS = 10 * 60_000;

const { YOUTUBE_API_KEY: _dataApiKey, ...OAUTH } = FAKE_CREDENTIALS;
const fixture = readFileSync(path.join(ROOT, 'tests/fixtures', FIXTURE), 'utf8');

/** The file the fake serves: the day's rows, TIMES over, under one header (the fake's `repeat`). */
function servedText(): string {
  const [header = '', ...lines] = csvForDay(fixture, '20210727')
    .split('\n')
    .filter((l) => l !== '');
  return `${header}\n${Array.from({ length: TIMES }, () => lines.join('\n')).join('\n')}\n`;
}

/** The channel's stored figures and what is staged, read from the state folder while no server runs. */
async function storedFigures() {
  const local = await openLocalD1(ROOT, STATE);
  const rows = async <T>(sql: string) => (await local.db.prepare(sql).bind(CHANNEL).all<T>()).results;
  try {
    return {
      daily: await rows(
        `SELECT d.views, d.likes, d.watch_time_minutes AS watch FROM channel_daily d JOIN channels c ON c.id = d.channel_id
         WHERE c.youtube_id = ?1`,
      ),
      countries: await rows(
        `SELECT d.country_code AS country, d.views FROM channel_country_daily d JOIN channels c ON c.id = d.channel_id
         WHERE c.youtube_id = ?1 ORDER BY d.country_code`,
      ),
      staged: (await local.db.prepare('SELECT count(*) AS n FROM import_staged').first<{ n: number }>())?.n ?? 0,
    };
  } finally {
    await local.dispose();
  }
}

/**
 * The report type's sync status, or undefined while the server cannot answer: wrangler dev answers 503 (or
 * drops the connection) while the load's batch holds the database, so a poll asks again.
 */
async function syncStatus(server: DevServer) {
  let res: Response;
  try {
    res = await fetch(`${server.url}/api/admin/sync-status`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${ADMIN_TOKEN}` },
      body: '{}',
    });
  } catch {
    return undefined;
  }
  if (res.status === 503) return undefined;
  if (!res.ok) throw new Error(`sync-status answered ${res.status}`);
  const [type] = ((await res.json()) as { data: SyncStatus }).data.types;
  return type;
}

async function runHour(server: DevServer): Promise<void> {
  const res = await fetch(`${server.url}/__scheduled?cron=5+*+*+*+*`);
  if (!res.ok) throw new Error(`the scheduled run answered ${res.status}`);
}

let fake: Awaited<ReturnType<typeof startFakeGoogle>>;
let vars: Record<string, string>;
let server: DevServer | undefined;
const log = (n: number) => path.join(STATE, `wrangler-dev-${n}.log`);

beforeAll(async () => {
  rmSync(STATE, { recursive: true, force: true });
  mkdirSync(STATE, { recursive: true });
  await prepareState(ROOT, STATE);
  fake = await startFakeGoogle();
  const google = `${fake.url}/t/load-killed`;
  const report = { id: 'r-killed', file: FIXTURE, date: '20210727', startTime: '2021-07-27T07:00:00Z', createTime: '2021-07-29T10:00:00Z' };
  const scenario = {
    scopes: { '': { jobs: [{ id: 'job-killed', reportTypeId: 'channel_basic_a2', reports: [{ ...report, repeat: TIMES }] }] } },
  };
  const res = await fetch(`${google}/__setup`, { method: 'POST', body: JSON.stringify(scenario) });
  if (!res.ok) throw new Error(`fake setup failed: ${res.status}`);
  vars = {
    APP_ENV: 'local',
    ADMIN_TOKEN,
    ...OAUTH,
    GOOGLE_OAUTH_TOKEN_URL: `${google}/token`,
    YOUTUBE_REPORTING_URL: `${google}/reporting/v1`,
    TRENDS_PAGES: '0',
    REPORT_PIECE_BYTES: String(PIECE_BYTES),
    REPORT_RETRY_SECONDS: '1',
  };
});

afterAll(async () => {
  if (server) await killDevServer(server, 'SIGKILL');
  await fake?.close();
});

it('a load killed with the server changes no figure, and the run that finds it lost loads the file exactly', async () => {
  const before = await storedFigures();
  expect(before).toEqual({ daily: [], countries: [], staged: 0 });
  server = await startDevServer(ROOT, STATE, vars, log(1));
  await runHour(server);
  const staging = new RegExp(`piece ${KILL_AFTER_PIECE} of (\\d+) staged`);
  const pieces = await waitFor(`piece ${KILL_AFTER_PIECE} staged in ${log(1)}`, WAIT_MS, () => staging.exec(logText(log(1)))?.[1]);
  await killDevServer(server, 'SIGKILL');

  // Killed mid-load: pieces staged, nothing applied.
  const afterKill = await storedFigures();
  expect(Number(pieces)).toBeGreaterThan(KILL_AFTER_PIECE * 10);
  expect(afterKill.staged).toBeGreaterThan(0);
  expect({ ...afterKill, staged: 0 }).toEqual(before);

  // The restarted server takes a load silent for a second as lost: the killed one's started before the kill.
  server = await startDevServer(ROOT, STATE, { ...vars, REPORT_LOAD_STALE_SECONDS: '1' }, log(2));
  const restarted = server;
  expect(await waitFor('the sync status', WAIT_MS, () => syncStatus(restarted))).toMatchObject({ loading: 1, loaded: 0 });
  // The next hourly run finds the instance lost, says why, and starts the day again.
  await runHour(server);
  const lost = /the load instance \S+ had not recorded its reports 1 s after it started \(the engine says running\)/;
  await waitFor(`the lost load's reason in ${log(2)}`, WAIT_MS, () => (lost.test(logText(log(2))) ? true : undefined));
  const done = await waitFor('the report loaded again', WAIT_MS, async () => {
    const status = await syncStatus(restarted);
    return status && status.loading === 0 ? status : undefined;
  });
  expect(done).toMatchObject({ loaded: 1, failed: 0, retried: 1, lastProblem: null });
  await killDevServer(server, 'SIGTERM');

  // Exactly the file's sums; the instance started again staged and applied its own pieces, and its first
  // piece cleared what the killed one had staged of the same file (docs/sync.md, "Staged rows of a load
  // that ended"): nothing is left for the day-old sweep.
  const after = await storedFigures();
  expect(after).toEqual({ ...expectedFigures(servedText()), staged: 0 });
});
