// State shared by the files of one importFiles call: lookups read once, weights, changed days, progress, writes to share.
import { all } from '../../db/query';
import { raw } from '../../db/sql';
import { BasicWeights } from './audience/weights';
import { resolveChannelIds } from './channel-keys';
import type { ImportOptions } from './import-files';
import { loadNetworks, type NetworkDirectory } from './networks';
import type { Slice, SliceOwner } from './report-log';

/** One file's writes, all or nothing: they wait to share a batch with the next files'. */
export interface FileWrite {
  readonly file: string;
  readonly rows: number;
  readonly statements: readonly D1PreparedStatement[];
  /** The daily slices it writes (for changedDays), or null for snapshots and statements. */
  readonly slices: readonly Slice[] | null;
  readonly networkId: number | null;
}

/**
 * Writes of small files go out together, so a folder of daily files costs a round trip per group, not
 * per file; a group ends at these sizes (a large file's rows alone pass the limit: it goes out at once).
 */
const MAX_GROUP_STATEMENTS = 400;
const MAX_GROUP_ROWS = 50_000;

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
  /**
   * Queues a file's writes; they go out with the group (flush), in one batch with the other files'
   * (D1's only transaction). Should that batch fail, each file of the group is sent again alone, so
   * a file still loads completely or not at all and the error names the file that fails.
   */
  write(write: FileWrite): Promise<void>;
  /** Sends the queued writes; the next file may then read what they wrote. */
  flush(): Promise<void>;
  changedDays(): Array<{ channelId: number; day: string }>;
}

export async function openSession(db: D1Database, options: ImportOptions, now: number, needsWeights: boolean): Promise<ImportSession> {
  const [countries, networks] = await Promise.all([
    all<{ code2: string }>(db, raw('SELECT code2 FROM countries'), 'sql'),
    loadNetworks(db),
  ]);
  const changed = new Map<string, { channelId: number; day: string }>();
  let queued: FileWrite[] = [];
  const recordChanged = async (slices: readonly Slice[], networkId: number | null) => {
    const ids = await resolveChannelIds(
      db,
      slices.map(([key]) => key),
      networkId,
    );
    for (const [key, day] of slices) {
      const channelId = ids.get(key);
      if (channelId !== undefined) changed.set(`${channelId}|${day}`, { channelId, day });
    }
  };
  const send = async (group: FileWrite[]) => {
    try {
      await db.batch(group.flatMap((w) => w.statements));
    } catch (error) {
      if (group.length === 1) throw error;
      for (const one of group) await send([one]);
      return;
    }
    for (const w of group) options.onProgress?.({ file: w.file, phase: 'write', done: w.rows, total: w.rows });
  };
  const flush = async () => {
    const group = queued;
    queued = [];
    if (group.length === 0) return;
    await send(group);
    // One lookup per network for the whole group's channels.
    for (const networkId of new Set(group.map((w) => w.networkId))) {
      const slices = group.flatMap((w) => (w.networkId === networkId && w.slices ? w.slices : []));
      if (slices.length > 0) await recordChanged(slices, networkId);
    }
  };
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
    async write(write) {
      queued.push(write);
      options.onProgress?.({ file: write.file, phase: 'write', done: 0, total: write.rows });
      const statements = queued.reduce((n, w) => n + w.statements.length, 0);
      const rows = queued.reduce((n, w) => n + w.rows, 0);
      if (statements >= MAX_GROUP_STATEMENTS || rows >= MAX_GROUP_ROWS) await flush();
    },
    flush,
    changedDays: () => [...changed.values()].sort((a, b) => a.channelId - b.channelId || (a.day < b.day ? -1 : a.day > b.day ? 1 : 0)),
  };
}
