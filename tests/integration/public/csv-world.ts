// The channels behind the list CSV tests: a public network of five German channels (one with a title that
// looks like a formula) and two American channels outside it, with 48 days of snapshots and their rollups.
import { env } from 'cloudflare:test';
import { refreshRollups } from '../../../src/server/ingest/rollup/index';
import { createChannel, createNetwork, daysBetween, insertSnapshots, snapshotSeries, type Snapshot } from '../rollup/factory';
import { HOSTILE } from './csv-download';

export const DAYS = daysBetween('2026-02-01', '2026-03-20');

export interface CsvWorld {
  networkSlug: string;
  /** YouTube ids of the network's channels and of the others. */
  inNetwork: string[];
  outside: string[];
  hostileId: string;
}

/** Builds the world once per test file and answers its ids. */
export async function buildCsvWorld(): Promise<CsvWorld> {
  const network = await createNetwork();
  const snapshots: Snapshot[] = [];
  const ids: number[] = [];
  for (let i = 0; i < 7; i += 1) {
    const german = i < 5;
    const id = await createChannel(
      german
        ? { networkId: network, categoryId: 20, countryCode: 'DE', languageCode: 'de' }
        : { networkId: null, categoryId: 10, countryCode: 'US', languageCode: 'en' },
    );
    if (i === 2) await env.DB.prepare('UPDATE channels SET title = ? WHERE id = ?').bind(HOSTILE, id).run();
    ids.push(id);
    // Views and subscribers in different orders, so a metric decides the order.
    snapshots.push(
      ...snapshotSeries(id, DAYS, { subs: 50_000 - i * 1000, views: 1_000_000 }, () => ({ views: 1000 * (i + 1), subs: 7 - i })),
    );
  }
  await insertSnapshots(snapshots);
  await refreshRollups(env.DB, { snapshotDays: DAYS });
  const slug = await env.DB.prepare('SELECT slug FROM networks WHERE id = ?').bind(network).first<string>('slug');
  const { results } = await env.DB.prepare(`SELECT id, youtube_id FROM channels WHERE id IN (SELECT value FROM json_each(?))`)
    .bind(JSON.stringify(ids))
    .all<{ id: number; youtube_id: string }>();
  const youtube = (id: number) => results.find((r) => r.id === id)!.youtube_id;
  return {
    networkSlug: slug ?? '',
    inNetwork: ids.slice(0, 5).map(youtube),
    outside: ids.slice(5).map(youtube),
    hostileId: youtube(ids[2]!),
  };
}

/** channel_now's figures of channels, by YouTube id, in the order SQL sorts them. */
export async function nowFigures(where: string, order: string, ...binds: unknown[]) {
  const { results } = await env.DB.prepare(
    `SELECT c.youtube_id, f.monthly_views, f.subscriber_count FROM channel_now f JOIN channels c ON c.id = f.channel_id
     WHERE ${where} ORDER BY ${order}`,
  )
    .bind(...binds)
    .all<{ youtube_id: string; monthly_views: number; subscriber_count: number }>();
  return results;
}
