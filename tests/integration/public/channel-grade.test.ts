// The channel grade in /stat/channel_info: read from the 'now' positions the rollups write, hand-worked
// scores, a channel missing from one ranking, one without figures, and the partial index's plan.
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChannelInfo } from '../../../src/lib/api/public-channels';
import { createRunner } from '../../../src/server/ingest/rollup/runner';
import { refreshPositions } from '../../../src/server/ingest/rollup/positions';
import { gradeQuery } from '../../../src/server/public/channel/grade';
import { call } from '../http';
import { createChannel, createNetwork, insertRows } from '../rollup/factory';

const DAY = '2026-11-20';
/**
 * Five channels' last 30 days. B is 2nd of 5 by subscribers, 3rd by monthly views, 1st by monthly subs:
 * percentiles 75, 50 and 100; 0.35 × 75 + 0.40 × 50 + 0.25 × 100 = 71.25 → 71, a B. A is 1st, 1st, 2nd:
 * 35 + 40 + 0.25 × 75 = 93.75 → 94, an A. E is last everywhere: 0, a D.
 */
const FIGURES = {
  A: { subscriber_count: 5000, monthly_views: 900, monthly_subs: 80 },
  B: { subscriber_count: 4000, monthly_views: 700, monthly_subs: 90 },
  C: { subscriber_count: 3000, monthly_views: 800, monthly_subs: 70 },
  D: { subscriber_count: 2000, monthly_views: 600, monthly_subs: 60 },
  E: { subscriber_count: 1000, monthly_views: 500, monthly_subs: 50 },
};
type Name = keyof typeof FIGURES;

const youtubeIds = new Map<Name | 'untracked', string>();

async function youtubeIdOf(id: number): Promise<string> {
  const row = await env.DB.prepare('SELECT youtube_id FROM channels WHERE id = ?').bind(id).first<{ youtube_id: string }>();
  return row!.youtube_id;
}

async function info(name: Name | 'untracked'): Promise<ChannelInfo> {
  const path = `/youtube/api/stat/channel_info`;
  const res = await call(`/api/analytics?${new URLSearchParams({ path, channel_id: youtubeIds.get(name)!, period: 'now' })}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { body: ChannelInfo } }).data.body;
}

beforeEach(async () => {
  // B belongs to a partner network: its grade is read from public positions like every other channel's.
  const partner = await createNetwork(false);
  await env.DB.prepare('UPDATE networks SET is_partner = 1 WHERE id = ?').bind(partner).run();
  for (const name of Object.keys(FIGURES) as Name[]) {
    const id = await createChannel(name === 'B' ? { networkId: partner } : {});
    youtubeIds.set(name, await youtubeIdOf(id));
    await insertRows('channel_now', [
      { channel_id: id, day: DAY, view_count: 1_000_000, video_count: 10, watch_time_minutes: 0, earnings_micros: 0, ...FIGURES[name] },
    ]);
  }
  youtubeIds.set('untracked', await youtubeIdOf(await createChannel()));
  await refreshPositions(createRunner(env.DB), 'now');
});

describe('channel grade', () => {
  it('is worked out from the stored positions among every ranked channel', async () => {
    const b = await info('B');
    expect(b.as_of).toBe(DAY);
    expect(b.grade).toEqual({
      score: 71,
      letter: 'B',
      standings: [
        { metric: 'subscriber_count', position: 2, total: 5, percentile: 75 },
        { metric: 'monthly_views', position: 3, total: 5, percentile: 50 },
        { metric: 'monthly_subs', position: 1, total: 5, percentile: 100 },
      ],
    });
    expect((await info('A')).grade).toMatchObject({ score: 94, letter: 'A' });
    expect((await info('E')).grade).toMatchObject({ score: 0, letter: 'D' });
  });

  it('counts a ranking the channel is missing from as 0', async () => {
    await env.DB.prepare(
      `DELETE FROM channel_positions WHERE period = 'now' AND metric = 'monthly_subs'
      AND channel_id = (SELECT id FROM channels WHERE youtube_id = ?)`,
    )
      .bind(youtubeIds.get('B')!)
      .run();
    // 0.35 × 75 + 0.40 × 50 + 0 = 46.25 → 46, a C.
    const b = await info('B');
    expect(b.grade).toMatchObject({ score: 46, letter: 'C' });
    expect(b.grade!.standings[2]).toEqual({ metric: 'monthly_subs', position: null, total: 5, percentile: 0 });
  });

  it('gives none, and no day, to a channel without figures for the last 30 days', async () => {
    const untracked = await info('untracked');
    expect(untracked.info_now).toBeNull();
    expect(untracked.as_of).toBeNull();
    expect(untracked.grade).toBeNull();
  });

  it('gives none before the rollups have stored any positions', async () => {
    await env.DB.prepare("DELETE FROM channel_positions WHERE period = 'now'").run();
    const a = await info('A');
    expect(a.as_of).toBe(DAY);
    expect(a.grade).toBeNull();
  });

  it("reads each position through the partial index of 'now' (migration 0042), never a scan of a ranking", async () => {
    const query = gradeQuery(1);
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
      .bind(...query.params)
      .all<{ detail: string }>();
    const searches = plan.results.map((r) => r.detail).filter((d) => d.startsWith('SEARCH') || d.startsWith('SCAN'));
    expect(searches).toEqual([
      'SCAN 3 CONSTANT ROWS',
      'SCAN m',
      'SEARCH channel_now USING INTEGER PRIMARY KEY (rowid=?)',
      // The ranking's size: its last position, a seek at the end of the (period, metric) range.
      'SEARCH t USING PRIMARY KEY (period=? AND metric=?)',
      'SEARCH p USING COVERING INDEX channel_positions_grade (channel_id=? AND metric=? AND period=?)',
    ]);
  });
});
