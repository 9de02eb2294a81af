// State shared by the files of one importFiles call: lookups read once, weights, changed days, progress.
import { all } from '../../db/query';
import { raw } from '../../db/sql';
import { BasicWeights } from './audience/weights';
import { resolveChannelIds } from './channel-keys';
import type { ImportOptions } from './import-files';
import { loadNetworks, type NetworkDirectory } from './networks';
import type { Slice, SliceOwner } from './report-log';

export interface ImportSession {
  readonly db: D1Database;
  readonly now: number;
  readonly options: ImportOptions;
  readonly countries: ReadonlySet<string>;
  readonly networks: NetworkDirectory;
  /** Basic views of this call's basic files; null when no demographics file needs them. */
  readonly weights: BasicWeights | null;
  /** Nothing is written: decisions only. */
  readonly dryRun: boolean;
  /**
   * What earlier files of this call took over, so later ones (and a dry run, which writes nothing)
   * decide as if those were written: slices by sliceId, snapshots by family and network, contents by sha256.
   */
  readonly claimed: Map<string, SliceOwner>;
  readonly contents: Map<string, string>;
  progress(file: string, phase: 'parse' | 'write', done: number, total: number): void;
  /** Adds a written file's daily slices to changedDays (channel keys resolved to ids). */
  recordChanged(slices: readonly Slice[], networkId: number | null): Promise<void>;
  changedDays(): Array<{ channelId: number; day: string }>;
}

export async function openSession(db: D1Database, options: ImportOptions, now: number, needsWeights: boolean): Promise<ImportSession> {
  const [countries, networks] = await Promise.all([
    all<{ code2: string }>(db, raw('SELECT code2 FROM countries'), 'sql'),
    loadNetworks(db),
  ]);
  const changed = new Map<string, { channelId: number; day: string }>();
  return {
    db,
    now,
    options,
    countries: new Set(countries.map((c) => c.code2)),
    networks,
    weights: needsWeights ? new BasicWeights() : null,
    dryRun: options.dryRun ?? false,
    claimed: new Map(),
    contents: new Map(),
    progress(file, phase, done, total) {
      options.onProgress?.({ file, phase, done, total });
    },
    async recordChanged(slices, networkId) {
      const ids = await resolveChannelIds(
        db,
        slices.map(([key]) => key),
        networkId,
      );
      for (const [key, day] of slices) {
        const channelId = ids.get(key);
        if (channelId !== undefined) changed.set(`${channelId}|${day}`, { channelId, day });
      }
    },
    changedDays: () => [...changed.values()].sort((a, b) => a.channelId - b.channelId || (a.day < b.day ? -1 : a.day > b.day ? 1 : 0)),
  };
}
