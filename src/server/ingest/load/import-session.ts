// State shared by the files of one importFiles call: lookups read once, weights, changed days, progress, writes to share.
import { all } from '../../db/query';
import { raw } from '../../db/sql';
import { BasicWeights } from './audience/weights';
import { channelStatements, type ChannelNeeds, knownChannels, resolveChannelIds } from './channel-keys';
import type { ReportPlan } from './plan';
import { copyCatalogue } from '../../partner-store/catalogue';
import type { ImportOptions } from './files';
import { loadNetworks, type NetworkDirectory } from './networks';
import type { Slice, SliceOwner } from './files';

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

/**
 * Where a split install keeps each network's partner data (docs/partner-store.md): the store of a
 * network's bucket (0 unless the network is spread over several stores). Files of no network stay in
 * the shared D1.
 */
export type StoreOf = (networkId: number, bucket?: number) => D1Database;

export interface ImportSession {
  /** The database this file's reads and writes go to: its network's store when split, else the shared D1. */
  readonly db: D1Database;
  /** Partner data split by network: catalogue rows go to the shared D1 first, then copies to the store. */
  readonly split: boolean;
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
  /**
   * The session as one network's files see it: their database is the network's store (split; the store
   * of `bucket` when the network is spread over several) or the shared D1. A bucket other than 0 decides
   * against its own store alone: it keeps its own record of what this call's files took over.
   */
  of(networkId: number | null, bucket?: number): ImportSession;
  /**
   * Split: creates the channels a file names in the shared D1 (idempotent, as in the file's batch) and
   * copies them and the network row into the store, so the file's batch finds them there under the
   * shared ids. A catalogue plan (video metadata: titles, videos, channel names) runs in the shared D1
   * in the same batch, and its titles are copied too. Nothing on a default install, where the file's
   * batch creates them.
   */
  ensureChannels(needs: ChannelNeeds, networkId: number | null, plan?: ReportPlan): Promise<void>;
  /** Databases written by this call (the rollups to refresh). */
  written(): D1Database[];
}

export async function openSession(
  db: D1Database,
  options: ImportOptions,
  now: number,
  needsWeights: boolean,
  storeOf: StoreOf | null = null,
): Promise<ImportSession> {
  const [countries, networks] = await Promise.all([
    all<{ code2: string }>(db, raw('SELECT code2 FROM countries'), 'sql'),
    loadNetworks(db),
  ]);
  const changed = new Map<string, { channelId: number; day: string }>();
  // Writes wait in one queue; a group goes to one database (a batch is one database's transaction).
  let queued: FileWrite[] = [];
  let queuedDb: D1Database = db;
  const written = new Set<D1Database>();
  const recordChanged = async (target: D1Database, slices: readonly Slice[], networkId: number | null) => {
    const ids = await resolveChannelIds(
      target,
      slices.map(([key]) => key),
      networkId,
    );
    for (const [key, day] of slices) {
      const channelId = ids.get(key);
      if (channelId !== undefined) changed.set(`${channelId}|${day}`, { channelId, day });
    }
  };
  const send = async (target: D1Database, group: FileWrite[]) => {
    try {
      await target.batch(group.flatMap((w) => w.statements));
      written.add(target);
    } catch (error) {
      if (group.length === 1) throw error;
      for (const one of group) await send(target, [one]);
      return;
    }
    for (const w of group) options.onProgress?.({ file: w.file, phase: 'write', done: w.rows, total: w.rows });
  };
  const flush = async () => {
    const group = queued;
    const target = queuedDb;
    queued = [];
    if (group.length === 0) return;
    await send(target, group);
    // One lookup per network for the whole group's channels.
    for (const networkId of new Set(group.map((w) => w.networkId))) {
      const slices = group.flatMap((w) => (w.networkId === networkId && w.slices ? w.slices : []));
      if (slices.length > 0) await recordChanged(target, slices, networkId);
    }
  };
  const dbOf = (networkId: number | null, bucket: number) => (storeOf && networkId !== null ? storeOf(networkId, bucket) : db);
  const views = new Map<string, ImportSession>();
  const base: ImportSession = {
    db,
    split: storeOf !== null,
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
      // This base session writes to the shared D1; a network's view (of) sends its own database.
      await this.of(write.networkId).write(write);
    },
    flush,
    changedDays: () => [...changed.values()].sort((a, b) => a.channelId - b.channelId || (a.day < b.day ? -1 : a.day > b.day ? 1 : 0)),
    of(networkId, bucket = 0) {
      const key = `${networkId}:${bucket}`;
      const existing = views.get(key);
      if (existing) return existing;
      const target = dbOf(networkId, bucket);
      const own = bucket === 0 ? {} : { claimed: new Map<string, SliceOwner>() };
      const view: ImportSession = {
        ...base,
        ...own,
        db: target,
        write: (w) => queue(target, w),
        ensureChannels: (needs, id, plan) => ensureChannels(needs, id, bucket, plan),
      };
      views.set(key, view);
      return view;
    },
    ensureChannels: (needs, networkId, plan) => ensureChannels(needs, networkId, 0, plan),
    written: () => [...written],
  };
  // The stores this import has given the network's row (copyCatalogue copies it with any channel).
  const opened = new Set<string>();
  async function ensureChannels(needs: ChannelNeeds, networkId: number | null, bucket: number, plan?: ReportPlan): Promise<void> {
    if (!storeOf || networkId === null) return;
    // A part that writes no channel (a statement's rows of unknown channels in a bucket other than 0, a
    // claims file's rows of released videos) still logs its file in the store, and report_files rows name
    // the network: a store that has no channel of it yet gets its row first.
    const store = `${networkId}:${bucket}`;
    if (needs.youtubeIds.size === 0 && !needs.ugc && opened.has(store)) return;
    opened.add(store);
    const catalogue = plan?.catalogue ? plan.statements(db, networkId, now, await knownChannels(db, needs)) : [];
    const created = [...channelStatements(db, needs, networkId, now), ...catalogue];
    if (created.length > 0) await db.batch(created);
    const youtubeIds = [...needs.youtubeIds.keys()];
    await copyCatalogue(db, storeOf(networkId, bucket), networkId, { youtubeIds, ugc: needs.ugc, customIds: plan?.catalogue?.customIds });
  }
  async function queue(target: D1Database, write: FileWrite): Promise<void> {
    if (target !== queuedDb) {
      await flush();
      queuedDb = target;
    }
    queued.push(write);
    options.onProgress?.({ file: write.file, phase: 'write', done: 0, total: write.rows });
    const statements = queued.reduce((n, w) => n + w.statements.length, 0);
    const rows = queued.reduce((n, w) => n + w.rows, 0);
    if (statements >= MAX_GROUP_STATEMENTS || rows >= MAX_GROUP_ROWS) await flush();
  }
  return base;
}
