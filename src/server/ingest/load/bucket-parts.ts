// A report file of a network spread over several stores, cut into one part per bucket (docs/partner-store.md,
// "A network larger than one store"): each part is the file's header and the records of the channels that
// bucket holds, read again from the file's own source on every open, so a part is never held whole. Each
// part then loads as a file of its own into its bucket's store: its own fingerprint, its own report log,
// decided and written there in one transaction, and "loaded before" is answered per bucket. The file is
// read once to cut it (twice for claims); the parts are held as they are cut when the file's records fit
// (a piece: held-parts.ts, each record once however many parts carry it), else each part's load reads the
// file again and keeps its own records.
import { createHash, type Hash } from 'node:crypto';
import Papa from 'papaparse';
import { normalizeColumnName, ColumnIndex } from '../parse/columns';
import { readHeader, recordPieces } from '../parse/csv-rows';
import { decodedChunks, type ReportSource } from '../parse/report-source';
import { bucketOf, isYoutubeChannelId } from './channel-keys';
import { chunkStatements } from './json-chunks';
import { chooseReferences, claimColumns, claimRoute, field } from './claim-buckets';
import { HeldParts, MAX_HELD_BYTES } from './held-parts';
import type { PreparedFile } from './prepare-file';

/** Where a network's channels keep their facts, read from the shared D1 once per import. */
export interface NetworkBuckets {
  /** networks.store_buckets: how many buckets its new channels are spread over. */
  readonly count: number;
  /** channels.store_bucket of its channels, by YouTube id. */
  readonly ofChannel: ReadonlyMap<string, number>;
}

/**
 * A data record's bucket from its fields, or null for a record every part carries (a claims file's rows
 * of a video with no active claim, a statement's rows of channels we do not know). The file's first lines
 * are every part's.
 */
type Route = (fields: readonly string[]) => number | null;

/** An empty line: no record, in no part (the parser skips it in the whole file too). */
const isBlank = (fields: readonly string[]) => fields.length <= 1 && (fields[0] ?? '') === '';

/**
 * How a file's records find their bucket. A channel of the network: its bucket. A claimed third-party
 * upload (uploader_type thirdParty): the UGC channel's, bucket 0. A channel the file creates: the bucket the
 * statements creating it will give it (bucketOf). A statement row of a channel we do not know: every
 * bucket (those with channels), since bucket 0 books it to the UGC channel and the store holding its
 * video's claimed copy (any bucket) books it to that copy's partner channel as claims (finance-plan.ts).
 * Claims: claim-buckets.ts.
 */
function routeOf(file: PreparedFile, buckets: NetworkBuckets): Route {
  const columns = columnsOf(file);
  const channel = columns.index('channel_id');
  const uploader = columns.index('uploader_type');
  const family = file.type.family;
  return (fields) => {
    const id = field(fields, channel);
    const known = buckets.ofChannel.get(id);
    if (field(fields, uploader) === 'thirdParty') return 0;
    if (known !== undefined) return known;
    if (family === 'finance') return null;
    if (!isYoutubeChannelId(id)) return 0;
    return bucketOf(id, buckets.count);
  };
}

/** A claims file's route: every row of a claimed video to the bucket that will hold its copy (claim-buckets.ts). */
async function claimsRouteOf(shared: D1Database, networkId: number, buckets: NetworkBuckets, file: PreparedFile): Promise<Route> {
  const at = claimColumns(columnsOf(file));
  const leading = leadingRecords(file);
  async function* rows() {
    let seen = 0;
    for await (const record of records(file.source)) if (++seen > leading && !isBlank(record.fields)) yield record.fields;
  }
  const chosen = await chooseReferences(rows(), at, buckets.ofChannel);
  const references = new Set([...chosen.values()].map((c) => c.reference));
  return claimRoute(at, buckets.ofChannel, chosen, await referenceBuckets(shared, networkId, references));
}

const routedTo = (route: Route, fields: readonly string[], bucket: number) => {
  const to = route(fields);
  return to === null || to === bucket;
};

function columnsOf(file: PreparedFile): ColumnIndex {
  const names = (readHeader(file.head)?.fields ?? []).map(normalizeColumnName);
  return new ColumnIndex(names, file.type.aliases);
}

/** The lines before the first data record: the header, after Studio's title line when there is one. */
function leadingRecords(file: PreparedFile): number {
  return readHeader(file.head)?.line ?? 1;
}

/** Each record of the decoded content as its own text (line break included) and fields, in file order. */
async function* records(source: ReportSource): AsyncGenerator<{ text: string; fields: string[] }> {
  for await (const piece of recordPieces(decodedChunks(source))) {
    const out: Array<{ text: string; fields: string[] }> = [];
    let start = 0;
    Papa.parse<string[]>(piece, {
      delimiter: ',',
      step: (result) => {
        const end = result.meta.cursor;
        // The cursor stops before a record's line break: carry it with the record.
        let next = end;
        while (next < piece.length && (piece[next] === '\r' || piece[next] === '\n') && next - end < 2) next++;
        out.push({ text: piece.slice(start, next), fields: result.data });
        start = next;
      },
    });
    if (start < piece.length) out.push({ text: piece.slice(start), fields: [] });
    yield* out;
  }
}

/** A source of the file's leading lines and the data records routed to `bucket`. */
function partSource(source: ReportSource, leading: number, route: Route, bucket: number): ReportSource {
  const encoder = new TextEncoder();
  return {
    open() {
      const iterator = records(source);
      let seen = 0;
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          let text = '';
          while (text.length < 256 * 1024) {
            const next = await iterator.next();
            if (next.done) break;
            const record = next.value;
            seen++;
            if (seen <= leading || (!isBlank(record.fields) && routedTo(route, record.fields, bucket))) text += record.text;
          }
          if (text === '') controller.close();
          else controller.enqueue(encoder.encode(text));
        },
        async cancel() {
          await iterator.return(undefined);
        },
      });
    },
  };
}

/** The reference videos the file's claims name, by the bucket of the network's channel that owns each. */
async function referenceBuckets(shared: D1Database, networkId: number, ids: ReadonlySet<string>): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const values = [...ids].map((id) => JSON.stringify(id));
  const sql = `SELECT v.video_id, c.store_bucket AS bucket FROM videos v JOIN channels c ON c.id = v.channel_id
    WHERE c.network_id = ?2 AND v.video_id IN (SELECT value FROM json_each(?1))`;
  for (const statement of chunkStatements(shared, sql, values, networkId)) {
    const { results } = await statement.all<{ video_id: string; bucket: number }>();
    for (const row of results) out.set(row.video_id, row.bucket);
  }
  return out;
}

/** One bucket's part of a file: a file of its own to load into that bucket's store. */
export interface BucketPart {
  readonly bucket: number;
  readonly source: ReportSource;
  /** Its data records. */
  readonly records: number;
  /**
   * SHA-256 of its content: what its bucket's store records it by, so a part loaded before answers
   * "unchanged" when the file is loaded again, even after another bucket's part of it was corrected.
   */
  readonly sha256: string;
  /** The file's line of the part's line `line` (a part's error names the line in the file). */
  fileLine(line: number): Promise<number>;
}

const breaks = (text: string) => text.split('\n').length - 1;

/**
 * The file cut by bucket: one read to find the buckets its records go to (and, for claims, one before it
 * to choose each claimed video's reference), then a part for each of those buckets, in bucket order. A
 * file without data records is bucket 0's whole.
 * @example for (const part of await bucketParts(env.DB, 7, buckets, file)) …
 */
export async function bucketParts(
  shared: D1Database,
  networkId: number,
  buckets: NetworkBuckets,
  file: PreparedFile,
  maxHeldBytes = MAX_HELD_BYTES,
): Promise<BucketPart[]> {
  const leading = leadingRecords(file);
  const route = file.type.family === 'claims' ? await claimsRouteOf(shared, networkId, buckets, file) : routeOf(file, buckets);
  // A record every part carries goes to each bucket the network has or uses; a statement's, to bucket 0 and
  // the buckets its channels are in (a bucket without channels holds no copy to pay claims to).
  const used = [0, ...buckets.ofChannel.values()];
  const spread = file.type.family === 'finance' ? used : [...Array.from({ length: buckets.count }, (_, b) => b), ...used];
  const every = [...new Set(spread)];
  // Each part's fingerprint as the part's own content (what partSource gives), taken on the same read.
  const parts = new Map<number, { records: number; hash: Hash }>();
  const held = new HeldParts(maxHeldBytes);
  let head = '';
  let seen = 0;
  for await (const record of records(file.source)) {
    if (++seen <= leading) head += record.text;
    if (seen <= leading || isBlank(record.fields)) continue;
    const to = route(record.fields);
    const buckets = to === null ? every : [to];
    for (const bucket of buckets) {
      const part = parts.get(bucket) ?? { records: 0, hash: createHash('sha256').update(head) };
      part.records++;
      part.hash.update(record.text);
      parts.set(bucket, part);
    }
    held.add(buckets, head, record.text);
  }
  if (parts.size === 0)
    return [{ bucket: 0, records: 0, sha256: file.sha256, source: file.source, fileLine: (line) => Promise.resolve(line) }];
  return [...parts]
    .sort(([a], [b]) => a - b)
    .map(([bucket, part]) => ({
      bucket,
      records: part.records,
      sha256: part.hash.digest('hex'),
      source: held.sourceOf(bucket) ?? partSource(file.source, leading, route, bucket),
      fileLine: (line: number) => fileLineOf(file.source, leading, route, bucket, line),
    }));
}

/** The file's line of line `line` of a bucket's part: the records are read again to count (an error's path only). */
async function fileLineOf(source: ReportSource, leading: number, route: Route, bucket: number, line: number): Promise<number> {
  let inFile = 0;
  let inPart = 0;
  let seen = 0;
  for await (const record of records(source)) {
    const lines = Math.max(breaks(record.text), 1);
    if (++seen <= leading || (!isBlank(record.fields) && routedTo(route, record.fields, bucket))) {
      if (line <= inPart + lines) return inFile + (line - inPart);
      inPart += lines;
    }
    inFile += lines;
  }
  return line;
}
