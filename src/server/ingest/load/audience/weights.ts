// Views per demographics key from the basic files of one import: the weights of views_percentage.
import { demographicsKey, type BasicRow } from '../../parse';
import { dropStagedWeights, PieceWeights, stagedViews, type WantedWeights } from './staged-weights';

export type { WantedWeights } from './staged-weights';

/** A basic file's rows, grouped per (channel, day); their keys are built when a demographics file asks. */
interface RowSource {
  readonly kind: 'rows';
  readonly rowsByChannelDay: Map<string, BasicRow[]>;
  readonly views: Map<string, Map<string, number>>;
}

/** A basic file whose views per key were staged: by its pieces' steps (pieces.ts), or as it was read (stage). */
interface StagedSource {
  readonly kind: 'staged';
  readonly db: D1Database;
  readonly importId: string;
}

type Source = RowSource | StagedSource;

/**
 * Kept per (channel, day) so that a demographics file can tell whether its day's basic report came
 * in the same import, and so a later basic file for a day replaces an earlier one's views. Rows are
 * only grouped on add(); their keys are built for the (channel, day)s a demographics file asks for
 * (demographics usually cover far fewer rows than the basic report). A file loaded in pieces, or larger
 * than a slice of rows, is read back from what it staged, the pairs a demographics file asks for a batch at a time.
 */
export class BasicWeights {
  /** In the order the files were loaded: the last file holding a (channel, day) gives its views. */
  private readonly sources: Source[] = [];
  /** Import ids this import stages views under itself, per database: removed when it ends (drop). */
  private readonly own = new Map<D1Database, Set<string>>();

  add(rows: readonly BasicRow[]): void {
    const fresh = new Map<string, BasicRow[]>();
    let last: BasicRow | null = null;
    let list: BasicRow[] = [];
    for (const row of rows) {
      // Reports come grouped by day and channel: the pair key is rebuilt only when it changes.
      if (last === null || row.channelId !== last.channelId || row.date !== last.date) {
        const pair = `${row.channelId}|${row.date}`;
        list = fresh.get(pair) ?? [];
        fresh.set(pair, list);
      }
      list.push(row);
      last = row;
    }
    // The replaced rows are dropped, so only one file's rows per (channel, day) are held.
    for (const source of this.sources) {
      if (source.kind !== 'rows') continue;
      for (const pair of fresh.keys()) {
        source.rowsByChannelDay.delete(pair);
        source.views.delete(pair);
      }
    }
    this.sources.push({ kind: 'rows', rowsByChannelDay: fresh, views: new Map() });
  }

  /** A basic file of the import whose pieces staged their views under `importId` in `db` (its network's database). */
  addStaged(db: D1Database, importId: string): void {
    this.sources.push({ kind: 'staged', db, importId });
  }

  /**
   * Where a large basic file of this import stages its views as it is read (readDailyFile): under its
   * staged import id, in the database it stages into. Registered only once the file is written (addStaged);
   * removed by drop, whatever became of the file.
   */
  stage(db: D1Database, importId: string, now: number): PieceWeights {
    const ids = this.own.get(db) ?? new Set<string>();
    ids.add(importId);
    this.own.set(db, ids);
    return new PieceWeights(db, importId, 0, now);
  }

  /**
   * Removes the views this import staged itself, once its last demographics file is weighed (the
   * pieces' stay for their Workflow, which drops them: dropStagedPieces). A failure leaves them to the
   * one-day sweep of stale staged rows rather than failing an import whose files are written.
   */
  async drop(): Promise<void> {
    for (const [db, ids] of this.own) await dropStagedWeights(db, [...ids]).catch(() => undefined);
    this.own.clear();
  }

  /**
   * Views by demographics key for each wanted (channel as the report names it, day), or undefined where
   * no basic file of the import had it. Views of a file loaded in pieces hold only the wanted keys.
   */
  async viewsFor(wanted: readonly WantedWeights[]): Promise<Array<ReadonlyMap<string, number> | undefined>> {
    const found: Array<ReadonlyMap<string, number> | undefined> = wanted.map(() => undefined);
    let open = wanted.map((w, index) => ({ w, index }));
    for (const source of [...this.sources].reverse()) {
      if (open.length === 0) break;
      const asked = open.map((o) => o.w);
      const got = source.kind === 'rows' ? asked.map((w) => rowViews(source, w)) : await stagedViews(source.db, source.importId, asked);
      open = open.filter((o, n) => {
        found[o.index] = got[n];
        return got[n] === undefined;
      });
    }
    return found;
  }
}

function rowViews(source: RowSource, wanted: WantedWeights): ReadonlyMap<string, number> | undefined {
  const pair = `${wanted.channelId}|${wanted.day}`;
  const done = source.views.get(pair);
  if (done) return done;
  const rows = source.rowsByChannelDay.get(pair);
  if (!rows) return undefined;
  const views = new Map<string, number>();
  for (const row of rows) {
    const key = demographicsKey(row);
    views.set(key, (views.get(key) ?? 0) + row.views);
  }
  source.views.set(pair, views);
  return views;
}

/**
 * A whole basic file's views as it is read: its rows while it fits in one slice (planned in memory, they
 * weigh as rows), then, once it proves larger (spill), its views per key staged under `importId` in `db`,
 * the rows kept so far first, so a large file holds a few thousand keys instead of every row. Who gives
 * them to the import's weights decides when (after the file's decision): keptRows, or addStaged when staged.
 * @example const views = new FileViews(session.weights, db, importId, now); views.add(row); views.spill(); await views.flush()
 */
export class FileViews {
  private rows: BasicRow[] = [];
  private target: PieceWeights | null = null;

  constructor(
    private readonly weights: BasicWeights,
    private readonly db: D1Database,
    private readonly importId: string,
    private readonly now: number,
  ) {}

  add(row: BasicRow): void {
    if (this.target) this.target.add(row);
    else this.rows.push(row);
  }

  /** The file is larger than a slice: its views are staged from here on. */
  spill(): void {
    if (this.target) return;
    this.target = this.weights.stage(this.db, this.importId, this.now);
    for (const row of this.rows) this.target.add(row);
    this.rows = [];
  }

  /** Whether its views are staged (under importId in db) rather than kept as rows. */
  get staged(): boolean {
    return this.target !== null;
  }

  /** The rows kept, while its views are not staged. */
  get keptRows(): BasicRow[] | null {
    return this.target ? null : this.rows;
  }

  /** Stages the sums added so far (nothing while rows are kept). */
  async flush(): Promise<void> {
    await this.target?.flush();
  }

  /** Waits for a staging write in flight, if any: none lands after a failed read. */
  async settle(): Promise<void> {
    await this.target?.settle();
  }
}
