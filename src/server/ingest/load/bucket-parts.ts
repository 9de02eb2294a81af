// A report file of a network spread over several stores, cut into one part per bucket (docs/partner-store.md,
// "A network larger than one store"): each part is the file's header and the records of the channels that
// bucket holds, read again from the file's own source on every open, so a part is never held whole. Each
// part then loads as a file of its own into its bucket's store: its own fingerprint, its own report log,
// decided and written there in one transaction, and "loaded before" is answered per bucket.
import Papa from 'papaparse';
import { all } from '../../db/query';
import { raw } from '../../db/sql';
import { normalizeColumnName, ColumnIndex } from '../parse/columns';
import { readHeader, recordPieces } from '../parse/csv-rows';
import { decodedChunks, type ReportSource } from '../parse/report-source';
import { bucketOf, isYoutubeChannelId } from './channel-keys';
import { chunkStatements } from './json-chunks';
import { networkForFile, type NetworkDirectory } from './networks';
import { prepareFile, type PreparedFile } from './prepare-file';
import { ReportError } from '../parse';

/** Where a network's channels keep their facts, read from the shared D1 once per import. */
export interface NetworkBuckets {
  /** networks.store_buckets: how many buckets its new channels are spread over. */
  readonly count: number;
  /** channels.store_bucket of its channels, by YouTube id. */
  readonly ofChannel: ReadonlyMap<string, number>;
}

/**
 * The network's buckets, or null when all of its facts are in one store (one bucket, every channel in
 * bucket 0): its files then load whole, as on any install before buckets.
 * @example const buckets = await networkBuckets(env.DB, 7)
 */
export async function networkBuckets(shared: D1Database, networkId: number): Promise<NetworkBuckets | null> {
  const [network] = await all<{ count: number }>(shared, raw('SELECT store_buckets AS count FROM networks WHERE id = ?1', networkId), 'sql');
  const channels = await all<{ youtubeId: string; bucket: number }>(
    shared,
    raw('SELECT youtube_id, store_bucket AS bucket FROM channels WHERE network_id = ?1 AND youtube_id IS NOT NULL', networkId),
    'sql',
  );
  const count = network?.count ?? 1;
  if (count === 1 && channels.every((c) => c.bucket === 0)) return null;
  return { count, ofChannel: new Map(channels.map((c) => [c.youtubeId, c.bucket])) };
}

/** A record's bucket from its fields (a data record; the file's first lines are every part's). */
type Route = (fields: readonly string[]) => number;

const field = (fields: readonly string[], at: number) => (at < 0 ? '' : (fields[at] ?? '').trim());

/**
 * How a file's records find their bucket. A channel of the network: its bucket. A claimed third-party
 * upload (uploader_type thirdParty): the UGC channel's, bucket 0. A channel the file creates: the bucket the
 * statements creating it will give it (bucketOf). A statement row of a channel we do not know, which the
 * finance plan books to the UGC channel: bucket 0. A claim: its uploading channel's bucket when that is
 * one of ours (the plan leaves our own uploads out, so it must see them), else its reference video's
 * channel's (`videos`, the copy's owner), else bucket 0 (the UGC channel's).
 */
function routeOf(file: PreparedFile, buckets: NetworkBuckets, videos: ReadonlyMap<string, number>): Route {
  const columns = columnsOf(file);
  const channel = columns.index('channel_id');
  const uploader = columns.index('uploader_type');
  const reference = columns.index('reference_video_id');
  const family = file.type.family;
  return (fields) => {
    const id = field(fields, channel);
    const known = buckets.ofChannel.get(id);
    if (family === 'claims') return known ?? videos.get(field(fields, reference)) ?? 0;
    if (field(fields, uploader) === 'thirdParty') return 0;
    if (known !== undefined) return known;
    if (family === 'finance' || !isYoutubeChannelId(id)) return 0;
    return bucketOf(id, buckets.count);
  };
}

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
            const blank = record.fields.length <= 1 && (record.fields[0] ?? '') === '';
            if (seen <= leading || (!blank && route(record.fields) === bucket)) text += record.text;
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

/** One bucket's part of a file: a file of its own to prepare and load into that bucket's store. */
export interface BucketPart {
  readonly bucket: number;
  readonly source: ReportSource;
}

/**
 * The file cut by bucket: one read to find the buckets its records go to (and, for claims, the buckets
 * of the reference videos they name), then a part for each of those buckets, in bucket order. A file
 * without data records is bucket 0's whole.
 * @example for (const part of await bucketParts(env.DB, 7, buckets, file)) …
 */
export async function bucketParts(shared: D1Database, networkId: number, buckets: NetworkBuckets, file: PreparedFile): Promise<BucketPart[]> {
  const leading = leadingRecords(file);
  const references = new Set<string>();
  const reference = file.type.family === 'claims' ? columnsOf(file).index('reference_video_id') : -1;
  if (reference >= 0) {
    let seen = 0;
    for await (const record of records(file.source)) if (++seen > leading) references.add(field(record.fields, reference));
  }
  const route = routeOf(file, buckets, await referenceBuckets(shared, networkId, references));
  const used = new Set<number>();
  let seen = 0;
  for await (const record of records(file.source)) {
    const blank = record.fields.length <= 1 && (record.fields[0] ?? '') === '';
    if (++seen > leading && !blank) used.add(route(record.fields));
  }
  if (used.size === 0) return [{ bucket: 0, source: file.source }];
  return [...used].sort((a, b) => a - b).map((bucket) => ({ bucket, source: partSource(file.source, leading, route, bucket) }));
}

/** A file that cannot be cut: rejected with this reason, nothing written. */
export interface Uncut {
  readonly file: PreparedFile;
  readonly reason: string;
}

/**
 * The prepared files as they load on a split install: a file of a network spread over several stores
 * becomes its parts (each prepared as a file of its own, keeping the file's place in the results), any
 * other file stays whole. A file whose network cannot be told is left whole: loadFile rejects it.
 * @example const { files, uncut } = await spreadOverBuckets(env.DB, session.networks, prepared, options.networkId)
 */
export async function spreadOverBuckets(
  shared: D1Database,
  directory: NetworkDirectory,
  files: readonly PreparedFile[],
  networkId: number | undefined,
): Promise<{ files: PreparedFile[]; uncut: Uncut[] }> {
  const known = new Map<number, NetworkBuckets | null>();
  const out: PreparedFile[] = [];
  const uncut: Uncut[] = [];
  for (const file of files) {
    const network = networkOrNull(directory, file, networkId);
    if (network !== null && !known.has(network)) known.set(network, await networkBuckets(shared, network));
    const buckets = network === null ? null : known.get(network);
    if (network === null || !buckets) {
      out.push(file);
      continue;
    }
    try {
      out.push(...(await partsOf(shared, network, buckets, file)));
    } catch (error) {
      if (!(error instanceof ReportError)) throw error;
      uncut.push({ file, reason: error.message });
    }
  }
  return { files: out, uncut };
}

function networkOrNull(directory: NetworkDirectory, file: PreparedFile, networkId: number | undefined): number | null {
  try {
    return networkForFile(directory, file.name, file.type, networkId);
  } catch (error) {
    if (error instanceof ReportError) return null;
    throw error;
  }
}

async function partsOf(shared: D1Database, network: number, buckets: NetworkBuckets, file: PreparedFile): Promise<PreparedFile[]> {
  if (file.pieces) {
    // Its pieces were staged in one store; the Workflow that stages them does not cut them by bucket.
    throw new ReportError(file.name, null, `network ${network} is spread over several stores: load this file whole (not in pieces)`);
  }
  const parts: PreparedFile[] = [];
  for (const part of await bucketParts(shared, network, buckets, file)) {
    const prepared = await prepareFile(file.index, { name: file.name, source: part.source });
    if (!prepared.ok) throw new ReportError(file.name, null, prepared.reason);
    parts.push({ ...prepared.file, issued: file.issued, bucket: part.bucket });
  }
  return parts;
}
