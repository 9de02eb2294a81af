// Channel rankings per period and scope: order by subscribers, then monthly views; previous positions and diff.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { rebuildAllRollups, refreshRollups } from '../../../src/server/ingest/rollup/index';
import { dump, type Row } from './factory';
import { DAYS, periodPair, seedPublicWorld, type Figures, type Tracked } from './public-world';

const SCOPES = ['overall', 'category', 'language', 'country'] as const;
type Scope = (typeof SCOPES)[number];

function keyOf(c: Tracked, scope: Scope): string | null {
  if (scope === 'overall') return '';
  if (scope === 'category') return c.categoryId === null ? null : String(c.categoryId);
  return scope === 'language' ? c.languageCode : c.countryCode;
}

/** Positions in every list of a scope, from the figures given per channel. */
function positions(channels: Tracked[], scope: Scope, figures: (c: Tracked) => Figures | null): Map<number, [string, number]> {
  const ranked = channels
    .filter((c) => figures(c) && keyOf(c, scope) !== null)
    .sort((x, y) => {
      const fx = figures(x) as Figures;
      const fy = figures(y) as Figures;
      return fy.subscriberCount - fx.subscriberCount || fy.monthlyViews - fx.monthlyViews || x.id - y.id;
    });
  const counters = new Map<string, number>();
  const out = new Map<number, [string, number]>();
  for (const c of ranked) {
    const key = keyOf(c, scope) as string;
    counters.set(key, (counters.get(key) ?? 0) + 1);
    out.set(c.id, [key, counters.get(key) as number]);
  }
  return out;
}

function expectedRankings(channels: Tracked[], period: string): Row[] {
  const rows: Row[] = [];
  for (const scope of SCOPES) {
    const current = positions(channels, scope, (c) => periodPair(c, period)[0]);
    const before = positions(channels, scope, (c) => periodPair(c, period)[1]);
    for (const [channelId, [key, position]] of current) {
      rows.push({ period, scope, scope_key: key, position, channel_id: channelId, previous_position: before.get(channelId)?.[1] ?? null });
    }
  }
  const text = (v: unknown) => String(v);
  return rows.sort(
    (a, b) =>
      text(a.scope).localeCompare(text(b.scope)) ||
      (text(a.scope_key) < text(b.scope_key) ? -1 : text(a.scope_key) > text(b.scope_key) ? 1 : 0) ||
      Number(a.position) - Number(b.position),
  );
}

const rankingsOf = async (period: string) =>
  (await dump('channel_rankings', 'scope, scope_key, position')).filter((r) => r.period === period);

describe('channel rankings', () => {
  it('rank every period and scope with the previous period positions', async () => {
    const { channels } = await seedPublicWorld();
    await refreshRollups(env.DB, { snapshotDays: DAYS });
    for (const period of ['2026-01', '2026-02', '2026-03', 'now']) {
      expect(await rankingsOf(period)).toEqual(expectedRankings(channels, period));
    }
    // December has no snapshot before it, so no history and no rankings.
    expect(await rankingsOf('2025-12')).toEqual([]);
  });

  it('moves the position-change marker when a channel overtakes another', async () => {
    const { channels } = await seedPublicWorld();
    await refreshRollups(env.DB, { snapshotDays: DAYS });
    const [one, two, , , five, six, seven] = channels.map((c) => c.id);
    const overall = async (period: string) =>
      (await rankingsOf(period)).filter((r) => r.scope === 'overall').map((r) => [r.channel_id, r.position, r.previous_position]);
    expect(await overall('2026-01')).toEqual([
      [five, 1, null],
      [one, 2, null],
      [two, 3, null],
      [six, 4, null],
      [channels[3]?.id, 5, null],
      [channels[2]?.id, 6, null],
    ]);
    // February: 2 passes 1 (diff +1 and -1); March: 6 passes both, 7 is ranked for the first time.
    expect((await overall('2026-02')).slice(0, 3)).toEqual([
      [five, 1, 1],
      [two, 2, 3],
      [one, 3, 2],
    ]);
    expect((await overall('2026-03')).slice(0, 4)).toEqual([
      [five, 1, 1],
      [six, 2, 4],
      [two, 3, 2],
      [one, 4, 3],
    ]);
    expect((await overall('2026-03')).find((r) => r[0] === seven)?.[2]).toBeNull();
    const category24 = (await rankingsOf('2026-03')).filter((r) => r.scope === 'category' && r.scope_key === '24');
    expect(category24.map((r) => r.channel_id)).toEqual([six, two, one]);
    expect((await rankingsOf('2026-03')).some((r) => r.scope !== 'overall' && r.channel_id === five)).toBe(false);
  });

  it('re-ranks the changed months and the one after; the result equals a rebuild', async () => {
    const { channels } = await seedPublicWorld();
    await refreshRollups(env.DB, { snapshotDays: DAYS });
    const [one, , three, four] = channels as [Tracked, Tracked, Tracked, Tracked];
    // One becomes the biggest channel from February 27: February and March change.
    await env.DB.prepare(
      "UPDATE channel_snapshots SET subscriber_count = subscriber_count + 100000 WHERE channel_id = ? AND day >= '2026-02-27'",
    )
      .bind(one.id)
      .run();
    for (const s of one.snapshots) if (s.day >= '2026-02-27') s.subscriber_count += 100_000;
    await refreshRollups(env.DB, { snapshotDays: DAYS.filter((day) => day >= '2026-02-27') });
    // Three's January 31 count drops: its February views grow and it passes four (same subscribers) in
    // February, so March's previous positions move although no March snapshot changed.
    await env.DB.prepare("UPDATE channel_snapshots SET view_count = view_count - 200000 WHERE channel_id = ? AND day = '2026-01-31'")
      .bind(three.id)
      .run();
    const january = three.snapshots.find((s) => s.day === '2026-01-31');
    if (january) january.view_count -= 200_000;
    await refreshRollups(env.DB, { snapshotDays: ['2026-01-31'] });
    const overall = async (period: string, channel: Tracked) =>
      (await rankingsOf(period)).find((r) => r.scope === 'overall' && r.channel_id === channel.id)?.previous_position;
    expect(await overall('2026-03', three)).toBeLessThan(Number(await overall('2026-03', four)));
    // January 19 is 60 days before the latest snapshot: the base of 'now' as it stood 30 days ago. Four's
    // views since then shrink below three's, so three was ahead before, in 'now' only.
    await env.DB.prepare("UPDATE channel_snapshots SET view_count = view_count + 140000 WHERE channel_id = ? AND day = '2026-01-19'")
      .bind(four.id)
      .run();
    const nineteenth = four.snapshots.find((s) => s.day === '2026-01-19');
    if (nineteenth) nineteenth.view_count += 140_000;
    expect(await overall('now', three)).toBeGreaterThan(Number(await overall('now', four)));
    await refreshRollups(env.DB, { snapshotDays: ['2026-01-19'] });
    expect(await overall('now', three)).toBeLessThan(Number(await overall('now', four)));
    for (const period of ['2026-01', '2026-02', '2026-03', 'now']) {
      expect(await rankingsOf(period)).toEqual(expectedRankings(channels, period));
    }
    const incremental = await dump('channel_rankings', 'period, scope, scope_key, position');
    await rebuildAllRollups(env.DB);
    expect(await dump('channel_rankings', 'period, scope, scope_key, position')).toEqual(incremental);
  });
});
