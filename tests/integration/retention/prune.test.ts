// Pruning daily public snapshots past the window: exactly the rows the rule lets go, in bounded
// batches, resumable and idempotent; pages' answers inside the window and the monthly history unchanged.
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { rebuildAllRollups } from '../../../src/server/ingest/rollup/index';
import { PRUNE_STATE_KEY, pruneSnapshots } from '../../../src/server/ingest/retention/prune';
import { runSync } from '../../../src/server/ingest/sync/run';
import type { DailyData } from '../../../src/lib/api/public-channels';
import { call } from '../http';
import { dump, insertSnapshots, snapshotSeries } from '../rollup/factory';
import { expectedPrunable, LATEST, loadRetentionWorld, type RetentionWorld, storedKeys, WINDOW_DAYS, WINDOW_START } from './world';
import { logTexts } from '../log-lines';

const NOW = Date.parse(`${LATEST}T12:00:00Z`);
const NOW_SECONDS = NOW / 1000;
const SETTINGS = { PUBLIC_SNAPSHOT_DAYS: String(WINDOW_DAYS) };
const ROLLUP_TABLES = {
  channel_history_monthly: 'channel_id, month',
  channel_now: 'channel_id',
  channel_rankings: 'period, scope, scope_key, position',
  network_stats: 'network_id, period',
  global_stats: 'period, category_id, language_code, country_code',
} as const;

async function answer(path: string, query: Record<string, string>): Promise<unknown> {
  const url = `/api/analytics?${new URLSearchParams({ path: `/youtube/api${path}`, ...query })}`;
  const res = await call(url, { settings: SETTINGS });
  expect(res.status, `${path} ${JSON.stringify(query)}`).toBe(200);
  return ((await res.json()) as { data: { body: unknown } }).data.body;
}

/** What the channel page and the rankings read, for every channel and a spread of periods. */
async function publicAnswers(youtubeIds: string[]): Promise<Record<string, unknown>> {
  const answers: Record<string, unknown> = {};
  for (const channel_id of youtubeIds) {
    for (const period of ['now', '2026-10', '2026-08', '2026-07', '2026-05', '2026-01']) {
      answers[`info ${channel_id} ${period}`] = await answer('/stat/channel_info', { channel_id, period });
      answers[`daily ${channel_id} ${period}`] = await answer('/stat/get_daily_data', { channel_id, period });
    }
    answers[`archive ${channel_id}`] = await answer('/stat/archive', { channel_id });
    answers[`similar ${channel_id}`] = await answer('/stat/similar_channels', { channel_id });
  }
  for (const period of ['now', '2026-09', '2026-04', '2026-01']) {
    answers[`top ${period}`] = await answer('/stat/get_top_channels', { period });
    answers[`networks ${period}`] = await answer('/stat/get_top_networks', { period });
    answers[`graph ${period}`] = await answer('/stat/get_main_graph', { period });
  }
  return answers;
}

async function rollupDumps(): Promise<Record<string, unknown>> {
  const dumps: Record<string, unknown> = {};
  for (const [table, order] of Object.entries(ROLLUP_TABLES)) dumps[table] = await dump(table, order);
  return dumps;
}

/** Runs the pruning like the hourly job until its pass is done; returns what each run deleted. */
async function pruneToEnd(options: { rowsPerStatement: number; statements: number }): Promise<number[]> {
  const runs: number[] = [];
  for (let run = 0; run < 100; run += 1) {
    const done = await pruneSnapshots(env.DB, { windowDays: WINDOW_DAYS, now: NOW_SECONDS, ...options });
    runs.push(done.deleted);
    if (done.passDone) return runs;
  }
  throw new Error('the pass did not end in 100 runs');
}

let world: RetentionWorld;
beforeEach(async () => {
  world = await loadRetentionWorld();
});

describe('pruning public snapshots', () => {
  it('removes exactly the days the window lets go, in batches of the given size, and stops at the bound', async () => {
    const expected = expectedPrunable(world.snapshots, WINDOW_START);
    const all = world.snapshots.map((row) => `${row.channel_id}/${row.day}`);
    expect(expected.length).toBeGreaterThan(300);

    const first = await pruneSnapshots(env.DB, { windowDays: WINDOW_DAYS, now: NOW_SECONDS, rowsPerStatement: 50, statements: 3 });
    expect(first).toEqual({ windowStart: WINDOW_START, cutoff: WINDOW_START, deleted: 150, statements: 3, passDone: false });
    // The first 150 in (channel, day) order: the pass walks channels in order and resumes where it stopped.
    const firstGone = new Set(expected.slice(0, 150));
    expect(await storedKeys()).toEqual(all.filter((k) => !firstGone.has(k)));

    const runs = await pruneToEnd({ rowsPerStatement: 50, statements: 3 });
    expect(runs.every((n) => n <= 150)).toBe(true);
    expect(150 + runs.reduce((a, b) => a + b, 0)).toBe(expected.length);
    const gone = new Set(expected);
    expect(await storedKeys()).toEqual(all.filter((k) => !gone.has(k)));

    // Idempotent: the pass is done and the window has not moved.
    const again = await pruneSnapshots(env.DB, { windowDays: WINDOW_DAYS, now: NOW_SECONDS });
    expect(again).toEqual({ windowStart: WINDOW_START, cutoff: null, deleted: 0, statements: 0, passDone: true });
  });

  it('keeps what the pages and the monthly history read: the same answers, and a rebuild gives the same rollups', async () => {
    const before = await publicAnswers(world.youtubeIds);
    const rollupsBefore = await rollupDumps();
    await pruneToEnd({ rowsPerStatement: 200, statements: 2 });
    expect(await publicAnswers(world.youtubeIds)).toEqual(before);
    await rebuildAllRollups(env.DB);
    expect(await rollupDumps()).toEqual(rollupsBefore);
  });

  it('shows daily rows inside the window only, the first one with its change from the day before', async () => {
    const [a] = world.youtubeIds;
    const rowsOf = world.snapshots.filter((row) => row.channel_id === world.snapshots[0]?.channel_id);
    const july = (await answer('/stat/get_daily_data', { channel_id: a!, period: '2026-07' })) as DailyData;
    const julyDays = rowsOf.filter((row) => row.day >= WINDOW_START && row.day <= '2026-07-31');
    expect(july.rows.map((row) => row.updated)).toEqual(julyDays.map((row) => row.day).reverse());
    const start = rowsOf.findIndex((row) => row.day === WINDOW_START);
    expect(july.rows.at(-1)?.daily_views).toBe(rowsOf[start]!.view_count - rowsOf[start - 1]!.view_count);
    const may = (await answer('/stat/get_daily_data', { channel_id: a!, period: '2026-05' })) as DailyData;
    expect(may.rows).toEqual([]);
  });

  it('never prunes a month whose history is missing or does not hold its last snapshot', async () => {
    const channelA = world.snapshots[0]!.channel_id;
    await env.DB.prepare(`DELETE FROM channel_history_monthly WHERE channel_id = ? AND month = '2026-02'`).bind(channelA).run();
    await env.DB.prepare(`UPDATE channel_history_monthly SET view_count = view_count - 1 WHERE channel_id = ? AND month = '2026-03'`)
      .bind(channelA)
      .run();
    await pruneToEnd({ rowsPerStatement: 1000, statements: 5 });
    const kept = new Set(await storedKeys());
    const held = world.snapshots.filter(
      (row) => row.channel_id === channelA && (row.day.startsWith('2026-02') || row.day.startsWith('2026-03')),
    );
    expect(held.length).toBe(28 + 31);
    expect(held.every((row) => kept.has(`${row.channel_id}/${row.day}`))).toBe(true);
    const others = expectedPrunable(world.snapshots, WINDOW_START).filter((k) => !held.some((row) => `${row.channel_id}/${row.day}` === k));
    expect(others.every((k) => !kept.has(k))).toBe(true);
  });

  it('takes the next day when the window moves, starting from the last pass', async () => {
    await pruneToEnd({ rowsPerStatement: 1000, statements: 5 });
    const next = '2026-11-21';
    const added = world.snapshots
      .filter((row) => row.day === LATEST)
      .flatMap((row) =>
        snapshotSeries(row.channel_id, [LATEST, next], { subs: row.subscriber_count, views: row.view_count }, () => ({
          views: 100,
          subs: 1,
        })).slice(1),
      );
    await insertSnapshots(added);
    await rebuildAllRollups(env.DB);
    const done = await pruneSnapshots(env.DB, { windowDays: WINDOW_DAYS, now: NOW_SECONDS + 86_400 });
    expect(done).toMatchObject({ windowStart: '2026-07-25', cutoff: '2026-07-25', passDone: true });
    const gone = new Set(expectedPrunable([...world.snapshots, ...added], '2026-07-25'));
    const all = [...world.snapshots, ...added].map((row) => `${row.channel_id}/${row.day}`).sort();
    expect((await storedKeys()).sort()).toEqual(all.filter((k) => !gone.has(k)));
    expect(done.deleted).toBe(gone.size - expectedPrunable(world.snapshots, WINDOW_START).length);
  });

  it('runs in the scheduled sync without credentials, and a bad setting prunes nothing and says why', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    try {
      const count = async () => (await storedKeys()).length;
      const total = world.snapshots.length;
      await runSync({ ...env, PUBLIC_SNAPSHOT_DAYS: '30' }, { now: NOW });
      expect(await count()).toBe(total);
      expect(logTexts(warn).join('\n')).toContain('PUBLIC_SNAPSHOT_DAYS: must be at least 90 days');
      await runSync({ ...env, ...SETTINGS }, { now: NOW });
      expect(await count()).toBe(total - expectedPrunable(world.snapshots, WINDOW_START).length);
      const state = await env.DB.prepare('SELECT value FROM sync_state WHERE key = ?').bind(PRUNE_STATE_KEY).first<{ value: string }>();
      expect(JSON.parse(state!.value)).toMatchObject({ cutoff: WINDOW_START, done: true });
    } finally {
      warn.mockRestore();
      info.mockRestore();
    }
  });

  it('runs by hand through POST /api/admin/retention, with bounded statements', async () => {
    const headers = { Authorization: `Bearer ${env.ADMIN_TOKEN!}`, 'Content-Type': 'application/json' };
    for (const statements of [0, 101, 1.5]) {
      const refused = await call('/api/admin/retention', { body: { statements }, headers, settings: SETTINGS });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain('statements');
    }
    const res = await call('/api/admin/retention', { body: { statements: 2 }, headers, settings: SETTINGS });
    expect(res.status).toBe(200);
    const expected = expectedPrunable(world.snapshots, WINDOW_START).length;
    const data = ((await res.json()) as { data: unknown }).data;
    expect(data).toEqual({
      window_start: WINDOW_START,
      cutoff: WINDOW_START,
      deleted: Math.min(expected, 2000),
      statements: 1,
      pass_done: true,
    });
  });
});
