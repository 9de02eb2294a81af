// A public world for the retention tests: five channels whose snapshots cross the daily window in
// different ways, and, in plain code, which of their days a window lets go.
import { env } from 'cloudflare:test';
import { rebuildAllRollups } from '../../../src/server/ingest/rollup/index';
import { createChannel, daysBetween, insertSnapshots, snapshotSeries, type Snapshot } from '../rollup/factory';

export const LATEST = '2026-11-20';
/** The window the tests set: 120 days to LATEST, so the window starts on WINDOW_START. */
export const WINDOW_DAYS = 120;
export const WINDOW_START = '2026-07-24';

export interface RetentionWorld {
  /** Every snapshot loaded, in (channel, day) order. */
  snapshots: Snapshot[];
  youtubeIds: string[];
}

const monthEnds = (first: string, last: string) =>
  daysBetween(first, last).filter((day, i, all) => all[i + 1]?.slice(0, 7) !== day.slice(0, 7));

/**
 * a: every day since 2025-10-01; b: the same with a gap across the window's start; c: tracked since
 * 2026-03-10 (its first month has no monthly history); d: month ends only until June, then daily (the
 * large seed's shape); e: stopped on 2026-05-15.
 */
export async function loadRetentionWorld(): Promise<RetentionWorld> {
  const network = await env.DB.prepare(
    `INSERT INTO networks (slug, name, is_public, created_at) VALUES ('keep', 'Keep', 1, 1700000000) RETURNING id`,
  ).first<{
    id: number;
  }>();
  const days = {
    a: daysBetween('2025-10-01', LATEST),
    b: daysBetween('2025-10-01', LATEST).filter((day) => day < '2026-07-10' || day > '2026-07-30'),
    c: daysBetween('2026-03-10', LATEST),
    d: [...monthEnds('2025-10-01', '2026-06-30'), ...daysBetween('2026-07-01', LATEST)],
    e: daysBetween('2025-11-01', '2026-05-15'),
  };
  const snapshots: Snapshot[] = [];
  const youtubeIds: string[] = [];
  for (const [i, list] of Object.values(days).entries()) {
    const id = await createChannel({ networkId: network?.id ?? null, categoryId: i % 2 === 0 ? 24 : 10 });
    snapshots.push(
      ...snapshotSeries(id, list, { subs: 1000 * (i + 1), views: 50_000 * (i + 1) }, (k) => ({
        views: 300 + 7 * i + (k % 5),
        subs: 3 + (k % 4),
      })),
    );
    const row = await env.DB.prepare('SELECT youtube_id FROM channels WHERE id = ?').bind(id).first<{ youtube_id: string }>();
    youtubeIds.push(row?.youtube_id ?? '');
  }
  for (let i = 0; i < snapshots.length; i += 500) await insertSnapshots(snapshots.slice(i, i + 500));
  await rebuildAllRollups(env.DB);
  return { snapshots, youtubeIds };
}

export const key = (row: { channel_id: number; day: string }) => `${row.channel_id}/${row.day}`;

/**
 * The snapshots a window starting on `start` lets go, by the rule in docs/sync.md: before the window,
 * in a month the rollups derive (one with an earlier snapshot to grow from), not the month's last, and
 * not the latest one before the window. In (channel, day) order.
 */
export function expectedPrunable(snapshots: Snapshot[], start: string): string[] {
  const byChannel = new Map<number, string[]>();
  for (const row of snapshots) byChannel.set(row.channel_id, [...(byChannel.get(row.channel_id) ?? []), row.day]);
  const gone: string[] = [];
  for (const [channelId, list] of [...byChannel].sort(([x], [y]) => x - y)) {
    const daysOf = [...list].sort();
    for (const day of daysOf) {
      const month = day.slice(0, 7);
      const derived = daysOf.some((d) => d < `${month}-01`);
      const monthLast = daysOf.filter((d) => d.startsWith(month)).at(-1);
      const laterBeforeStart = daysOf.some((d) => d > day && d < start);
      if (day < start && derived && day !== monthLast && laterBeforeStart) gone.push(`${channelId}/${day}`);
    }
  }
  return gone;
}

/** Keys of the snapshots in the database, in (channel, day) order. */
export async function storedKeys(): Promise<string[]> {
  const { results } = await env.DB.prepare('SELECT channel_id, day FROM channel_snapshots ORDER BY channel_id, day').all<{
    channel_id: number;
    day: string;
  }>();
  return results.map(key);
}
