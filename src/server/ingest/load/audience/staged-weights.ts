// Views per demographics key of a basic report loaded in pieces or larger than a slice, staged in import_staged_weights (0028).
import { run, statement } from '../../../db/query';
import { raw } from '../../../db/sql';
import { demographicsKeyWithinDay, type BasicRow } from '../../parse';
import { chunkStatements, jsonChunks } from '../json-chunks';

/**
 * Keys of one (channel, day) per staged row: a row's JSON stays far under a chunk (about 50 bytes a key),
 * so jsonChunks can always place it, however many keys a big channel's day has.
 */
const KEYS_PER_ROW = 5_000;

/**
 * Demographics keys asked of the staged rows per read. The answer holds at most these (the keys the
 * demographics rows name, not every key of the day's basic report), and the keys travel as JSON
 * parameters of at most MAX_JSON_BYTES each.
 */
export const KEYS_PER_READ = 10_000;

const STAGE = `INSERT INTO import_staged_weights (import_id, piece, channel_id, day, views, created_at)
SELECT ?2, ?3, value ->> 0, value ->> 1, value -> 2, ?4 FROM json_each(?1)`;

/**
 * ?1 import id, ?2 [channel id, day] wanted, ?3 demographics keys: each key's views, its partial sums
 * added up. A staged row holds its keys without their date and channel (demographicsKeyWithinDay), put
 * back in front here (not named `key`: json_each has a column of that name, which GROUP BY would take).
 */
const VIEWS = `WITH wanted AS (SELECT value ->> 0 AS channel_id, value ->> 1 AS day FROM json_each(?2))
SELECT w.channel_id, w.day, w.day || '|' || w.channel_id || '|' || (k.value ->> 0) AS demographics_key, sum(k.value ->> 1) AS views
FROM wanted JOIN import_staged_weights AS w ON w.import_id = ?1 AND w.channel_id = wanted.channel_id AND w.day = wanted.day,
json_each(w.views) AS k
WHERE w.day || '|' || w.channel_id || '|' || (k.value ->> 0) IN (SELECT value FROM json_each(?3))
GROUP BY w.channel_id, w.day, k.value ->> 0`;

/** ?1 import id, ?2 [channel id, day] wanted: those a piece staged views of. */
const PRESENT = `WITH wanted AS (SELECT value ->> 0 AS channel_id, value ->> 1 AS day FROM json_each(?2))
SELECT DISTINCT w.channel_id, w.day FROM wanted
JOIN import_staged_weights AS w ON w.import_id = ?1 AND w.channel_id = wanted.channel_id AND w.day = wanted.day`;

const pairId = (channelId: string, day: string) => `${channelId}|${day}`;

/**
 * Keys summed before a piece's step sends them on, without waiting for the write: a piece of a content
 * owner's day is some 300,000 rows of as many keys. Held for a whole slice of rows (20,000), the sums
 * took the largest piece of bench:piece's 1,000-channel day to 89 MB of heap and twice its CPU, much of it
 * the garbage collector; sent every 2,000 keys, 80 MB (77 MB without weights).
 */
const FLUSH_KEYS = 2_000;

/**
 * One piece's views per (channel, day, demographics key), summed as its rows are read and staged every
 * FLUSH_KEYS keys (one write in flight at a time) and at every slice (flush), so the piece's step holds
 * no more than a few thousand keys. Partial sums: a key may be staged by several writes.
 * @example const weights = new PieceWeights(db, importId, 3, now); await weights.clear(); weights.add(row); await weights.flush()
 */
export class PieceWeights {
  private sums = new Map<string, { channelId: string; day: string; views: Map<string, number> }>();
  private keys = 0;
  private last: BasicRow | null = null;
  private lastViews = new Map<string, number>();
  private inFlight: Promise<void> | null = null;
  private failure: { error: unknown } | null = null;

  constructor(
    private readonly db: D1Database,
    private readonly importId: string,
    private readonly piece: number,
    private readonly now: number,
  ) {}

  /** Removes what an earlier try of this piece (or this one, up to now) staged. */
  async clear(): Promise<void> {
    await this.settle();
    await run(this.db, raw('DELETE FROM import_staged_weights WHERE import_id = ?1 AND piece = ?2', this.importId, this.piece));
  }

  add(row: BasicRow): void {
    // Reports come grouped by day and channel: the pair is looked up again only when it changes.
    if (this.last === null || row.channelId !== this.last.channelId || row.date !== this.last.date) {
      const id = pairId(row.channelId, row.date);
      let pair = this.sums.get(id);
      if (!pair) {
        pair = { channelId: row.channelId, day: row.date, views: new Map() };
        this.sums.set(id, pair);
      }
      this.lastViews = pair.views;
    }
    this.last = row;
    const key = demographicsKeyWithinDay(row);
    const before = this.lastViews.get(key);
    if (before === undefined) this.keys += 1;
    this.lastViews.set(key, (before ?? 0) + row.views);
    if (this.keys >= FLUSH_KEYS && this.inFlight === null) {
      // Observed here; the next flush (or settle) reports a failure.
      this.inFlight = this.write(this.take())
        .catch((error: unknown) => {
          this.failure ??= { error };
        })
        .then(() => {
          this.inFlight = null;
        });
    }
  }

  /** Stages every sum added so far, after the write in flight, and forgets them. */
  async flush(): Promise<void> {
    await this.settle();
    if (this.failure) throw this.failure.error;
    await this.write(this.take());
  }

  /** Waits for the write in flight, if any (its failure is kept for flush). */
  async settle(): Promise<void> {
    while (this.inFlight) await this.inFlight;
  }

  private take() {
    const taken = this.sums;
    this.sums = new Map();
    this.keys = 0;
    this.last = null;
    return taken;
  }

  private async write(taken: Map<string, { channelId: string; day: string; views: Map<string, number> }>): Promise<void> {
    // Written as JSON text directly ([[key, views], ...] per row): no array per key on a step's heap.
    const rows: string[] = [];
    for (const { channelId, day, views } of taken.values()) {
      const head = `[${JSON.stringify(channelId)},${JSON.stringify(day)},[`;
      let members: string[] = [];
      for (const [key, sum] of views) {
        members.push(`[${JSON.stringify(key)},${sum}]`);
        if (members.length < KEYS_PER_ROW) continue;
        rows.push(`${head}${members.join(',')}]]`);
        members = [];
      }
      if (members.length > 0) rows.push(`${head}${members.join(',')}]]`);
    }
    const statements = chunkStatements(this.db, STAGE, rows, this.importId, this.piece, this.now);
    if (statements.length > 0) await this.db.batch(statements);
  }
}

/** A (channel, day) whose weights a demographics file needs, and the keys its rows name. */
export interface WantedWeights {
  readonly channelId: string;
  readonly day: string;
  readonly keys: ReadonlySet<string>;
}

/**
 * The staged views of the wanted (channel, day)s, per pair (undefined: no piece staged that pair), each
 * holding only the wanted keys the basic report had. One batch: the pairs' presence, then the keys a
 * JSON parameter at a time.
 */
export async function stagedViews(
  db: D1Database,
  importId: string,
  wanted: readonly WantedWeights[],
): Promise<Array<Map<string, number> | undefined>> {
  const pairs = JSON.stringify(wanted.map((w) => [w.channelId, w.day]));
  const keys = jsonChunks(wanted.flatMap((w) => [...w.keys].map((key) => JSON.stringify(key))));
  const [present, ...answers] = await db.batch<{ channel_id: string; day: string; demographics_key?: string; views?: number }>([
    statement(db, raw(PRESENT, importId, pairs)),
    ...keys.map((chunk) => statement(db, raw(VIEWS, importId, pairs, chunk))),
  ]);
  const byPair = new Map<string, Map<string, number>>();
  for (const row of present?.results ?? []) byPair.set(pairId(row.channel_id, row.day), new Map());
  for (const answer of answers) {
    for (const row of answer.results) byPair.get(pairId(row.channel_id, row.day))?.set(row.demographics_key ?? '', row.views ?? 0);
  }
  return wanted.map((w) => byPair.get(pairId(w.channelId, w.day)));
}

/** Removes the views staged under these import ids in `db`, in one statement. */
export async function dropStagedWeights(db: D1Database, importIds: readonly string[]): Promise<void> {
  if (importIds.length === 0) return;
  await run(db, raw('DELETE FROM import_staged_weights WHERE import_id IN (SELECT value FROM json_each(?1))', JSON.stringify(importIds)));
}
