// The demo dataset through YouTube's formats and the real importer and loaders, checked against the generator's own records.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Metrics } from '../../../scripts/demo/generate/records';
import { PINNED_TODAY } from '../../../scripts/demo/generate/test-dataset';
import type { PhaseReport } from '../../../scripts/demo/load/demo-load';
import { CHANNEL, FIELDS, LOAD_TIMEOUT_MS, loadTinyDemo, METRICS, SEED, channelKey, rows, tables, titleKey, ugcId } from './tiny-demo';
import {
  DEMO_UPLOADS_FIRST_READ_DAYS,
  DEMO_UPLOADS_PER_CHANNEL,
  generateUploads,
  uploadCounts,
} from '../../../scripts/demo/generate/uploads';

/** Sums of every metric per key, from generated records. */
function generated<R extends Metrics>(records: R[], key: (row: R) => string): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const row of records) {
    const sums = out.get(key(row)) ?? METRICS.map(() => 0);
    METRICS.forEach((m, i) => {
      sums[i] = (sums[i] ?? 0) + row[FIELDS[m]];
    });
    out.set(key(row), sums);
  }
  return out;
}

/** The same from a fact table (alias d, its channel c, `joins` for more); keySql names the row. */
async function stored(table: string, keySql: string, joins = ''): Promise<Map<string, number[]>> {
  const list = await rows<Record<string, number> & { k: string }>(
    `SELECT ${keySql} AS k, ${METRICS.map((m) => `sum(d.${m}) AS ${m}`).join(', ')}
     FROM ${table} d JOIN channels c ON c.id = d.channel_id ${joins} GROUP BY 1`,
  );
  return new Map(list.map((r) => [r.k, METRICS.map((m) => r[m] as number)]));
}

let phases: PhaseReport[] = [];

beforeAll(async () => {
  phases = await loadTinyDemo();
}, LOAD_TIMEOUT_MS);

describe('the tiny demo loaded through the importer', () => {
  it('runs every phase', () => {
    expect(phases.map((p) => p.name)).toContain('basic, revenue, demographics');
    expect(phases.map((p) => p.name).slice(-2)).toEqual(['rollups', 'revenue share']);
  });

  it('has every channel-day of the generator, every metric exact', async () => {
    const expected = generated(tables.channel_daily, (r) => `${channelKey.get(r.channelId)}|${r.day}`);
    expect(await stored('channel_daily', `${CHANNEL} || '|' || d.day`)).toEqual(expected);
    const views = new Map<string, number>();
    for (const r of tables.channel_daily)
      views.set(channelKey.get(r.channelId) ?? '', (views.get(channelKey.get(r.channelId) ?? '') ?? 0) + r.views);
    expect(
      new Map(
        (
          await rows<{ k: string; v: number }>(
            `SELECT ${CHANNEL} AS k, sum(d.views) AS v FROM channel_daily d JOIN channels c ON c.id = d.channel_id GROUP BY 1`,
          )
        ).map((r) => [r.k, r.v]),
      ),
    ).toEqual(views);
  });

  it('has the generated country grain', async () => {
    const expected = generated(tables.channel_country_daily, (r) => `${channelKey.get(r.channelId)}|${r.day}|${r.countryCode}`);
    expect(await stored('channel_country_daily', `${CHANNEL} || '|' || d.day || '|' || d.country_code`)).toEqual(expected);
  });

  it('has the generated title grain (claimed copies count as long-form videos of the title they copy)', async () => {
    const type = (row: { channelId: number; videoType: string }) => (row.channelId === ugcId ? 'full' : row.videoType);
    const expected = generated(
      tables.channel_title_daily,
      (r) => `${channelKey.get(r.channelId)}|${r.day}|${titleKey.get(r.titleId)}|${type(r)}`,
    );
    const got = await stored(
      'channel_title_daily',
      `${CHANNEL} || '|' || d.day || '|' || t.custom_id || '|' || d.video_type`,
      'JOIN titles t ON t.id = d.title_id',
    );
    expect(got).toEqual(expected);
    expect([...got.keys()].some((k) => k.startsWith('UGC|'))).toBe(true);
  });

  it('has the finalized months, with their adjustments and finalization times', async () => {
    const got = await rows<{ k: string; revenue_micros: number; adjustment_micros: number; finalized_at: number }>(
      `SELECT ${CHANNEL} || '|' || f.month AS k, f.revenue_micros, f.adjustment_micros, f.finalized_at
       FROM channel_finance_monthly f JOIN channels c ON c.id = f.channel_id ORDER BY 1`,
    );
    const expected = tables.channel_finance_monthly
      .map((r) => ({
        k: `${channelKey.get(r.channelId)}|${r.month}`,
        revenue_micros: r.revenueMicros,
        adjustment_micros: r.adjustmentMicros,
        finalized_at: r.finalizedAt,
      }))
      .sort((a, b) => (a.k < b.k ? -1 : 1));
    expect(expected.length).toBeGreaterThan(0);
    expect(got).toEqual(expected);
  });

  it('has revenue-share statements that follow the terms line by line, and payouts up to what was owed', async () => {
    const lines = await rows<{
      statement_id: number;
      gross_micros: number;
      share_bps: number;
      partner_micros: number;
      ads_bps: number;
      kind: string;
    }>(
      `SELECT l.statement_id, l.gross_micros, l.share_bps, l.partner_micros, l.kind, r.ads_bps FROM statement_lines l
       JOIN statements s ON s.id = l.statement_id JOIN revenue_contracts r ON r.user_id = s.user_id AND r.network_id = s.network_id`,
    );
    expect(lines.length).toBeGreaterThan(0);
    // The rule written again: gross × share / 10,000 rounded down.
    for (const l of lines) expect(l.partner_micros).toBe(Math.floor((l.gross_micros * l.share_bps) / 10_000));
    const statements = await rows<{ id: number; partner_micros: number; owed_micros: number; opening_micros: number; paid: number }>(
      'SELECT s.id, s.partner_micros, s.owed_micros, s.opening_micros, coalesce((SELECT sum(amount_micros) FROM payouts p WHERE p.statement_id = s.id), 0) AS paid FROM statements s',
    );
    for (const s of statements) {
      expect(s.partner_micros).toBe(lines.filter((l) => l.statement_id === s.id).reduce((sum, l) => sum + l.partner_micros, 0));
      expect(s.owed_micros).toBe(s.opening_micros + s.partner_micros);
      expect(s.paid).toBeLessThanOrEqual(Math.max(0, s.owed_micros));
    }
    expect(statements.some((s) => s.paid > 0)).toBe(true);
  });

  it('has the public snapshots, history and rankings the rollups derive from them', async () => {
    const snapshots = await rows<{ k: string; s: number; v: number }>(
      `SELECT ${CHANNEL} || '|' || s.day AS k, s.subscriber_count AS s, s.view_count AS v FROM channel_snapshots s JOIN channels c ON c.id = s.channel_id`,
    );
    const byKey = new Map(snapshots.map((r) => [r.k, [r.s, r.v]]));
    for (const s of tables.channel_snapshots)
      expect(byKey.get(`${channelKey.get(s.channelId)}|${s.day}`)).toEqual([s.subscriberCount, s.viewCount]);
    const history = await rows<{ k: string; views: number; subs: number }>(
      `SELECT ${CHANNEL} || '|' || h.month AS k, h.monthly_views AS views, h.monthly_subs AS subs FROM channel_history_monthly h JOIN channels c ON c.id = h.channel_id ORDER BY 1`,
    );
    expect(history).toEqual(
      tables.channel_history_monthly
        .map((h) => ({ k: `${channelKey.get(h.channelId)}|${h.month}`, views: h.monthlyViews, subs: h.monthlySubs }))
        .sort((a, b) => (a.k < b.k ? -1 : 1)),
    );
    const top = await rows<{ k: string }>(
      `SELECT c.youtube_id AS k FROM channel_rankings r JOIN channels c ON c.id = r.channel_id
       WHERE r.period = 'now' AND r.scope = 'overall' ORDER BY r.position LIMIT 10`,
    );
    const expectedTop = tables.channel_rankings
      .filter((r) => r.period === 'now' && r.scope === 'overall')
      .sort((a, b) => a.position - b.position)
      .slice(0, 10)
      .map((r) => ({ k: channelKey.get(r.channelId) }));
    expect(top).toEqual(expectedTop);
  });

  it('has the trend charts and the streams', async () => {
    const positions = await rows<{ n: number }>('SELECT count(*) AS n FROM trend_positions');
    expect(positions[0]?.n).toBe(tables.trend_positions.length);
    const streams = await rows<{ video_id: string; watching_count: number; ended_at: number | null }>(
      'SELECT video_id, watching_count, ended_at FROM live_broadcasts ORDER BY video_id',
    );
    expect(streams).toEqual(
      tables.live_broadcasts
        .map((b) => ({ video_id: b.videoId, watching_count: b.watchingCount, ended_at: b.endedAt }))
        .sort((a, b) => (a.video_id < b.video_id ? -1 : 1)),
    );
    const live = await rows<{ n: number }>("SELECT count(*) AS n FROM videos WHERE type = 'live'");
    expect(live[0]?.n).toBe(tables.videos.filter((v) => v.type === 'live').length);
  });

  it('names titles and channels as the generator did', async () => {
    const titles = await rows<{ custom_id: string; title: string }>('SELECT custom_id, title FROM titles ORDER BY custom_id');
    expect(titles).toEqual(
      tables.titles
        .map((t) => ({ custom_id: titleKey.get(t.id), title: t.title }))
        .sort((a, b) => ((a.custom_id ?? '') < (b.custom_id ?? '') ? -1 : 1)),
    );
    const grants = await rows<{ k: string }>(
      `SELECT ${CHANNEL} AS k FROM channel_grants g JOIN channels c ON c.id = g.channel_id ORDER BY 1`,
    );
    expect(grants).toEqual(
      tables.channel_grants.map((g) => ({ k: channelKey.get(g.channelId) })).sort((a, b) => ((a.k ?? '') < (b.k ?? '') ? -1 : 1)),
    );
  });

  it("holds each tracked channel's 12 recent uploads with the counts of both reads, as the generator drew them", async () => {
    const now = Date.parse(`${PINNED_TODAY}T00:00:00Z`) / 1000;
    const firstRead = now - DEMO_UPLOADS_FIRST_READ_DAYS * 86_400;
    const tracked = tables.channels.filter((c) => c.youtubeId !== null && c.isUgc === 0);
    const expected = tracked.flatMap((c) =>
      generateUploads(SEED, c.id, now).map((u) => {
        const latest = uploadCounts(u, now);
        const first = u.publishedAt <= firstRead ? uploadCounts(u, firstRead) : latest;
        return { k: `${c.youtubeId}/${u.videoId}`, views: latest.views, likes: latest.likes, first_views: first.views };
      }),
    );
    const held = await rows<{ k: string; views: number; likes: number | null; first_views: number }>(
      `SELECT c.youtube_id || '/' || u.video_id AS k, u.view_count AS views, u.like_count AS likes, u.first_view_count AS first_views
       FROM channel_uploads u JOIN channels c ON c.id = u.channel_id`,
    );
    const byKey = (a: { k: string }, b: { k: string }) => (a.k < b.k ? -1 : 1);
    expect(held.sort(byKey)).toEqual(expected.sort(byKey));
    expect(held.length).toBe(tracked.length * DEMO_UPLOADS_PER_CHANNEL);
    // The week between the reads shows as growth on most uploads.
    expect(held.filter((r) => r.views > r.first_views).length).toBeGreaterThan(held.length / 2);
  });
});
