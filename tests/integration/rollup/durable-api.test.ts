// The Analytics API loader cut off before its rollup refresh: its mark makes the next run finish it.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { loadAnalyticsDaily } from '../../../src/server/ingest/api-load';
import type { AnalyticsDailyRow } from '../../../src/server/ingest/parse';
import { rebuildAllRollups, refreshPendingRollups } from '../../../src/server/ingest/rollup/index';
import { runSync } from '../../../src/server/ingest/sync/run';
import { call } from '../http';

const CHANNEL = 'UC2vW_-qeIhF1ESszzuH2pyw';
const JSON_AUTH = { Authorization: `Bearer ${'test-admin-token-0123456789abcdef0123456789'}`, 'Content-Type': 'application/json' };
const DAYS = ['2026-09-29', '2026-09-30', '2026-10-01', '2026-10-02'];

/** Days over a month end, every metric set (the API's `dimensions=day` answer). */
const ROWS: AnalyticsDailyRow[] = DAYS.map((date, i) => ({
  date,
  channelId: CHANNEL,
  countryCode: null,
  videoId: null,
  views: 1000 + 10 * i,
  watchTimeMinutes: 300.4 + i,
  likes: 60 + i,
  dislikes: 1,
  comments: 5 + i,
  shares: 2,
  subscribersGained: 4 + i,
  subscribersLost: 1,
  estimatedRevenueMicros: 1_250_000 * (i + 1),
}));

async function channel(): Promise<number> {
  const row = await env.DB.prepare("INSERT INTO channels (youtube_id, title, created_at) VALUES (?1, 'A', 1790000000) RETURNING id")
    .bind(CHANNEL)
    .first<{ id: number }>();
  if (!row) throw new Error('no channel id');
  return row.id;
}

async function monthly(): Promise<unknown[]> {
  return (await env.DB.prepare('SELECT * FROM channel_monthly ORDER BY channel_id, month').all()).results;
}

async function pendingMonths(): Promise<string[]> {
  const { results } = await env.DB.prepare('SELECT month FROM rollup_pending ORDER BY month').all<{ month: string }>();
  return results.map((r) => r.month);
}

/** What every rollup holds after the same rows and a full rebuild. */
async function cleanLoad(id: number): Promise<unknown[]> {
  await loadAnalyticsDaily(env.DB, id, ROWS);
  await rebuildAllRollups(env.DB);
  const clean = await monthly();
  await env.DB.prepare('DELETE FROM channel_daily').run();
  await rebuildAllRollups(env.DB);
  expect(await monthly()).toEqual([]);
  return clean;
}

describe('an Analytics API load cut off before its rollup refresh', () => {
  it('marks its buckets in its own batch, and the next cron run refreshes them', async () => {
    const id = await channel();
    const clean = await cleanLoad(id);
    expect(clean).toHaveLength(2);
    // The load step alone: its batch commits, the request "dies" before the refresh.
    expect(await loadAnalyticsDaily(env.DB, id, ROWS)).toEqual({ days: DAYS });
    expect(await pendingMonths()).toEqual(['2026-09', '2026-10']);
    expect(await monthly()).toEqual([]);
    expect(await runSync(env)).toEqual({ status: 'no-credentials' });
    expect(await monthly()).toEqual(clean);
    expect(await pendingMonths()).toEqual([]);
  });

  it('is finished by POST /api/admin/rollups too', async () => {
    const id = await channel();
    const clean = await cleanLoad(id);
    await loadAnalyticsDaily(env.DB, id, ROWS);
    const res = await call('/api/admin/rollups', { method: 'POST', body: '{}', headers: JSON_AUTH });
    expect(await res.json()).toMatchObject({ data: { pending_buckets: 2, rebuilt: false } });
    expect(await monthly()).toEqual(clean);
    expect((await refreshPendingRollups(env.DB)).buckets).toBe(0);
  });
});
