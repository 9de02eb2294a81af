// The files of an import on a split install, a file of a network spread over several stores cut into one
// part per bucket (bucket-parts.ts; docs/partner-store.md, "A network larger than one store").
import { createHash } from 'node:crypto';
import { all } from '../../db/query';
import { raw } from '../../db/sql';
import { ReportError } from '../parse';
import { bucketParts, type NetworkBuckets } from './bucket-parts';
import { networkForFile, type NetworkDirectory } from './networks';
import type { PiecedFile, RejectedPiece, StagedPiece } from './files';
import type { PreparedFile } from './prepare-file';

/**
 * The network's buckets, or null when all of its facts are in one store (one bucket, every channel in
 * bucket 0): its files then load whole, as on any install before buckets.
 * @example const buckets = await networkBuckets(env.DB, 7)
 */
export async function networkBuckets(shared: D1Database, networkId: number): Promise<NetworkBuckets | null> {
  // Asked before every file of the network: a network in one store answers this one row, not its channels.
  const [network] = await all<{ count: number; spread: number }>(
    shared,
    raw(
      `SELECT store_buckets AS count, EXISTS (SELECT 1 FROM channels WHERE network_id = ?1 AND store_bucket > 0) AS spread
        FROM networks WHERE id = ?1`,
      networkId,
    ),
    'sql',
  );
  const count = network?.count ?? 1;
  if (count === 1 && !network?.spread) return null;
  const channels = await all<{ youtubeId: string; bucket: number }>(
    shared,
    raw('SELECT youtube_id AS youtubeId, store_bucket AS bucket FROM channels WHERE network_id = ?1 AND youtube_id IS NOT NULL', networkId),
    'sql',
  );
  return { count, ofChannel: new Map(channels.map((c) => [c.youtubeId, c.bucket])) };
}

/**
 * A file as it loads on a split install: a file of a network spread over several stores becomes its parts,
 * any other file stays whole; or why it cannot load (a ReportError's message: nothing written). A part
 * keeps the file's place in the results, its name and header, and has its own fingerprint. Cut just before
 * it loads, so the channels and videos the files before it created route its rows. A file whose network
 * cannot be told is left whole: loadFile rejects it.
 * @example const parts = await spreadFile(env.DB, session.networks, file, options.networkId)
 */
export async function spreadFile(
  shared: D1Database,
  directory: NetworkDirectory,
  file: PreparedFile,
  networkId: number | undefined,
): Promise<PreparedFile[] | { refused: string }> {
  const network = networkOrNull(directory, file, networkId);
  const buckets = network === null ? null : await networkBuckets(shared, network);
  if (network === null || !buckets) return [file];
  if (file.pieces) {
    return (
      piecedParts(file, file.pieces) ?? {
        refused: `${file.name}: staged in one store before network ${network} was spread over several: load it again`,
      }
    );
  }
  const parts = await bucketParts(shared, network, buckets, file);
  return parts.map(({ source, sha256, bucket, fileLine, records }) => ({
    ...file,
    source,
    sha256,
    // Its line breaks, for progress: its records' and the header's.
    lineBreaks: records + 1,
    bucket,
    fileLine,
  }));
}

function networkOrNull(directory: NetworkDirectory, file: PreparedFile, networkId: number | undefined): number | null {
  try {
    return networkForFile(directory, file.name, file.type, networkId);
  } catch (error) {
    if (error instanceof ReportError) return null;
    throw error;
  }
}

/**
 * A file staged in pieces, cut by bucket as each piece was (stagePiece), as one file per bucket: that
 * bucket's part of every piece. Its fingerprint is that of its pieces' parts in order (the pieces are read
 * a step each; no step reads the file whole). null when a piece was staged whole, in one store.
 */
function piecedParts(file: PreparedFile, pieced: PiecedFile): PreparedFile[] | null {
  if (pieced.pieces.some((p) => !('rejected' in p) && !('cut' in p))) return null;
  const buckets = [...new Set(pieced.pieces.flatMap((p) => ('cut' in p ? p.cut.map((c) => c.bucket) : [])))].sort((a, b) => a - b);
  // Every piece rejected (or none): the file loads as it is, and its load names the rejection.
  if (buckets.length === 0) return [file];
  return buckets.map((bucket): PreparedFile => {
    const hash = createHash('sha256');
    const pieces: Array<StagedPiece | RejectedPiece> = [];
    for (const piece of pieced.pieces) {
      if ('rejected' in piece) pieces.push(piece);
      for (const part of 'cut' in piece ? piece.cut : []) {
        if (part.bucket !== bucket) continue;
        hash.update(part.sha256);
        pieces.push(part.staged);
      }
    }
    const rows = pieces.reduce((n, p) => n + ('rows' in p ? p.rows : 0), 0);
    return { ...file, pieces: { importId: pieced.importId, pieces }, sha256: hash.digest('hex'), lineBreaks: rows + 1, bucket };
  });
}
