// A load cut off between its facts and its rollup refresh: the next import, cron run or admin call finishes it.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { importFiles } from '../../../src/server/ingest/load/import-files';
import { clearPending, readAllPending } from '../../../src/server/ingest/rollup/pending';
import { createRunner } from '../../../src/server/ingest/rollup/runner';
import { runImport } from '../../../src/server/ingest/run-import';
import { runSync } from '../../../src/server/ingest/sync/run';
import { call } from '../http';
import { basicCsv, type BasicLine } from '../ingest/basic-builder';
import { encode, NOW } from '../ingest/support';

const A = 'UC2vW_-qeIhF1ESszzuH2pyw';
const B = 'UCaaaaaaaaaaaaaaaaaaaaaa';
const JSON_AUTH = { Authorization: `Bearer ${'test-admin-token-0123456789abcdef0123456789'}`, 'Content-Type': 'application/json' };

/** Two channels over a month end, with likes and countries (what the stale October lacked). */
const LINES: BasicLine[] = [A, B].flatMap((channel, c) =>
  ['20260930', '20261001', '20261002'].flatMap((day, d) => [
    { day, channel, video: 'aaaaaaaaaaa', country: 'US', views: 1000 + 10 * d + c, likes: 60 + d, gained: 3 },
    { day, channel, video: 'bbbbbbbbbbb', country: 'FR', views: 200 + d, likes: 7 + c, comments: 2 },
  ]),
);
const FILES = [{ name: 'channel_basic_a3_20261002.csv', bytes: encode(basicCsv(LINES)) }];

/** Every partner rollup table, whole rows in key order. */
const ROLLUPS: Array<[string, string]> = [
  ['channel_monthly', 'channel_id, month'],
  ['channel_country_monthly', 'channel_id, month, country_code'],
  ['channel_title_monthly', 'channel_id, month, title_id, video_type'],
  ['channel_country_yearly', 'channel_id, year, country_code'],
];

async function dumpRollups(): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const [table, order] of ROLLUPS) out[table] = (await env.DB.prepare(`SELECT * FROM ${table} ORDER BY ${order}`).all()).results;
  return out;
}

async function octoberLikes(): Promise<number | null> {
  const row = await env.DB.prepare("SELECT sum(likes) AS likes FROM channel_monthly WHERE month = '2026-10'").first<{
    likes: number | null;
  }>();
  return row?.likes ?? null;
}

async function pendingCount(): Promise<number> {
  return (await env.DB.prepare('SELECT count(*) AS n FROM rollup_pending').first<{ n: number }>())?.n ?? -1;
}

/** The load step alone: its batch commits, the process "dies" before the refresh. */
async function killedAfterLoad(): Promise<void> {
  const summary = await importFiles(env.DB, FILES, { now: NOW });
  expect(summary.files[0]?.status).toBe('loaded');
  expect(await octoberLikes()).toBeNull();
  expect(await pendingCount()).toBe(4);
}

let clean: Record<string, unknown[]> = {};

describe('a load killed before its rollup refresh', () => {
  it('(a clean load, for comparison)', async () => {
    await runImport({ db: env.DB, kv: env.KV }, FILES, { now: NOW });
    clean = await dumpRollups();
    expect(clean.channel_monthly).toHaveLength(4);
    expect(await octoberLikes()).toBe(2 * (61 + 62) + 2 * 7 + 2 * 8);
    expect(await pendingCount()).toBe(0);
  });

  it('is finished by the next import, although its file is unchanged: every rollup equals a clean load', async () => {
    await killedAfterLoad();
    const rerun = await runImport({ db: env.DB, kv: env.KV }, FILES, { now: NOW });
    expect(rerun.files[0]?.status).toBe('unchanged');
    expect(rerun.rollupBuckets).toBe(4);
    expect(await dumpRollups()).toEqual(clean);
    expect(await pendingCount()).toBe(0);
  });

  it('is finished by the next cron run, even without Google credentials', async () => {
    await killedAfterLoad();
    expect(await runSync(env)).toEqual({ status: 'no-credentials' });
    expect(await dumpRollups()).toEqual(clean);
    expect(await pendingCount()).toBe(0);
  });

  it('is finished by POST /api/admin/rollups, and a rebuild gives the same figures', async () => {
    await killedAfterLoad();
    const post = (body: unknown) => call('/api/admin/rollups', { method: 'POST', body: JSON.stringify(body), headers: JSON_AUTH });
    const res = await post({});
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ data: { pending_buckets: 4, rebuilt: false } });
    expect(await dumpRollups()).toEqual(clean);
    const rebuild = await post({ rebuild: true });
    expect(await rebuild.json()).toMatchObject({ data: { pending_buckets: 0, rebuilt: true } });
    expect(await dumpRollups()).toEqual(clean);
    const bad = await post({ rebuild: 'yes' });
    expect(bad.status).toBe(400);
  });

  it('keeps a bucket marked again after the refresh read it', async () => {
    await killedAfterLoad();
    const read = await readAllPending(createRunner(env.DB));
    await env.DB.prepare("UPDATE rollup_pending SET version = version + 1 WHERE month = '2026-09'").run();
    await clearPending(createRunner(env.DB), read);
    const left = await env.DB.prepare('SELECT month FROM rollup_pending ORDER BY month').all<{ month: string }>();
    expect(left.results.map((r) => r.month)).toEqual(['2026-09', '2026-09']);
  });
});
