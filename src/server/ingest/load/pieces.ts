// A large basic or revenue file loaded across Workflow steps: each step stages one piece, the load applies them.
import { ReportError } from '../parse';
import { PieceWeights } from './audience/staged-weights';
import type { StreamedReport } from '../parse/csv-report';
import type { CutPiece, ImportFile, ImportOptions, PiecedFile, StagedPiece, RejectedPiece } from './files';
import { bucketParts } from './bucket-parts';
import { networkBuckets } from './spread-files';
import { raw } from '../../db/sql';
import { statement } from '../../db/query';
import { openSession, type ImportSession, type StoreOf } from './import-session';
import { networkForFile } from './networks';
import type { PlanContext } from './plan';
import { prepareFile, type PreparedFile } from './prepare-file';
import { sliceId } from './report-log';
import type { Slice, SliceOwner } from './files';
import { StagedFile } from './staged-file';
import { isStreamedFamily, noStagedSlices, readDailyFile, type DailyStream, type StagedSlices } from './streamed-daily';

/** Staged parts numbered per piece: piece k's are k × PIECE_SEQ + 1, + 2, … (a retried piece clears its own). */
const PIECE_SEQ = 1_000_000;

/**
 * The import id a load of archived file `fileId` stages its pieces under: the file's own prefix, then this
 * load's. A later load of the same file knows by the prefix what earlier loads of it left (supersededStatements).
 * @example const importId = archivedImportId(42) // 'archive-42:0f8c…'
 */
export function archivedImportId(fileId: number): string {
  return `archive-${fileId}:${crypto.randomUUID()}`;
}

/**
 * Removes what other loads of the same archived file staged in `db` (slices and weights): a load of a file
 * that starts means every earlier one of it has ended (killed, errored with its cleanup lost) or is
 * superseded, so its rows go now rather than with the sweep of rows a day old (docs/sync.md, "Loading").
 * An id without the archive prefix (a file loaded whole by the importer) supersedes nothing.
 */
export function supersededStatements(db: D1Database, importId: string): D1PreparedStatement[] {
  const prefix = /^archive-\d+:/.exec(importId)?.[0];
  if (!prefix) return [];
  // The ids from `archive-N:` up to `archive-N;` (';' follows ':'): a range the primary key's index answers.
  const end = `${prefix.slice(0, -1)};`;
  return ['import_staged', 'import_staged_weights'].map((table) =>
    statement(db, raw(`DELETE FROM ${table} WHERE import_id > ?1 AND import_id < ?2 AND import_id <> ?3`, prefix, end, importId)),
  );
}

/** Where the pieces of a file stage: the shared D1, or the network stores when split. */
export interface PieceTarget {
  readonly db: D1Database;
  readonly storeOf?: StoreOf;
}

/**
 * Reads one piece of a file (its source: the header, then the records of a byte range; see
 * archivePieceSource), sums it a slice of rows at a time and stages the slices under `importId`,
 * decided against what holds them now; a basic file's piece also stages its views per demographics
 * key (PieceWeights), which weight the day's demographics. Nothing anyone reads changes: the load
 * applies every piece in one batch, or none. A retried piece first removes what an earlier try of it
 * staged. `lineOffset`: the records of the pieces before it, so a bad row is named by its line in the file.
 */
export async function stagePiece(
  target: PieceTarget,
  file: ImportFile,
  piece: { index: number; lineOffset: number },
  importId: string,
  options: ImportOptions & { now: number },
): Promise<StagedPiece | CutPiece | RejectedPiece> {
  const prepared = await prepareFile(0, file);
  if (!prepared.ok) return { rejected: { line: null, reason: prepared.reason } };
  const family = prepared.file.type.family;
  if (!isStreamedFamily(family)) throw new Error(`${prepared.file.type.id} files are not loaded in pieces`);
  const session = await openSession(target.db, options, options.now, false, target.storeOf ?? null);
  const networkId = networkForFile(session.networks, file.name, prepared.file.type, options.networkId);
  const buckets = session.split && networkId !== null ? await networkBuckets(target.db, networkId) : null;
  const toFile = (line: number) => Promise.resolve(line + piece.lineOffset);
  if (networkId === null || !buckets) return stageIn(session.of(networkId), prepared.file, networkId, piece.index, importId, toFile);
  // A network spread over several stores: the piece's part of each bucket staged in that bucket's store.
  const cut: Array<CutPiece['cut'][number]> = [];
  for (const part of await bucketParts(target.db, networkId, buckets, prepared.file)) {
    const partFile = { ...prepared.file, source: part.source, bucket: part.bucket };
    const lineInFile = async (line: number) => toFile(await part.fileLine(line));
    const staged = await stageIn(session.of(networkId, part.bucket), partFile, networkId, piece.index, importId, lineInFile);
    if ('rejected' in staged) return staged;
    cut.push({ bucket: part.bucket, sha256: part.sha256, staged });
  }
  return { lines: Math.max(prepared.file.lineBreaks, 1), cut };
}

/** Stages a piece (or a bucket's part of one) in the session's database; `lineInFile` maps its lines to the file's. */
async function stageIn(
  scoped: ImportSession,
  file: PreparedFile,
  networkId: number | null,
  index: number,
  importId: string,
  lineInFile: (line: number) => Promise<number>,
): Promise<StagedPiece | RejectedPiece> {
  const { now } = scoped;
  const ctx: PlanContext = {
    db: scoped.db,
    fileName: file.name,
    networkId,
    bucket: file.bucket,
    now,
    countries: scoped.countries,
    weights: null,
  };
  const firstSeq = index * PIECE_SEQ;
  const staged = new StagedFile(scoped.db, now, { importId, parts: 0, firstSeq });
  // A day's demographics are weighted by the basic report's views per key: staged beside the slices, read back by the load.
  const weights = file.type.family === 'basic' ? new PieceWeights(scoped.db, importId, index, now) : null;
  const clear = async () => {
    await staged.clear(firstSeq, firstSeq + PIECE_SEQ);
    await weights?.clear();
  };
  await clear();
  // The first piece of a load: what earlier loads of the file left in this database goes (see supersededStatements).
  const superseded = index === 0 ? supersededStatements(scoped.db, importId) : [];
  if (superseded.length > 0) await scoped.db.batch(superseded);
  let stream: DailyStream;
  try {
    stream = await readDailyFile(scoped, ctx, file, (rows) => staged.stage(rows), { piece: weights });
  } catch (error) {
    // No write of this try lands after it has ended (and after a next try's clear).
    await weights?.settle();
    if (!(error instanceof ReportError)) throw error;
    // A bad file stages nothing more; the pieces before it are removed by its load (or dropStagedPieces).
    await clear();
    const line = error.line === null ? null : await lineInFile(error.line);
    return { rejected: { line, reason: error.reason } };
  }
  if (stream.kind !== 'staged') throw new Error('a piece is always staged');
  if (staged.partCount >= PIECE_SEQ) throw new Error(`a piece staged ${staged.partCount} parts, more than ${PIECE_SEQ}`);
  return pieceSummary(stream.report, stream.staged, staged.partCount, networkId);
}

function pieceSummary(report: StreamedReport, staged: StagedSlices, parts: number, networkId: number | null): StagedPiece {
  const byOwner = new Map<string, { owner: SliceOwner; slices: Slice[] }>();
  for (const [id, owner] of staged.owners) {
    const slice = staged.slices.get(id);
    if (!slice) continue;
    const group = byOwner.get(owner.sha256) ?? { owner, slices: [] };
    group.slices.push(slice);
    byOwner.set(owner.sha256, group);
  }
  return {
    parts,
    rows: report.rowCount,
    lines: report.lineCount,
    type: report.type,
    dates: report.dates,
    networkId,
    slices: [...staged.slices.values()],
    written: [...staged.written.values()],
    owners: [...byOwner.values()],
    ugc: staged.ugc,
    refused: staged.refused,
  };
}

/** Records of the pieces before each piece: what its lines are shifted by. */
export function lineOffsetAfter(pieces: ReadonlyArray<StagedPiece | CutPiece>): number {
  return pieces.reduce((n, p) => n + Math.max(p.lines - 1, 0), 0);
}

/** The parts the pieces of a file staged. */
export function stagedParts(pieced: PiecedFile): number {
  return pieced.pieces.reduce((n, p) => n + ('parts' in p ? p.parts : 0), 0);
}

/** The staged pieces of a file joined into what its applying batch needs (a rejected piece rejects the file). */
export function joinPieces(name: string, family: string, pieced: PiecedFile): Extract<DailyStream, { kind: 'staged' }> {
  const staged = noStagedSlices();
  let rows = 0;
  const dates = new Set<string>();
  let type = '';
  for (const piece of pieced.pieces) {
    if ('rejected' in piece) throw new ReportError(name, piece.rejected.line, piece.rejected.reason);
    // A cut piece's parts are each its bucket's pieces (spread-files.ts): never joined whole.
    if ('cut' in piece) throw new Error(`${name}: a piece staged cut by bucket reached the load whole`);
    const idOf = (slice: Slice) => sliceId(family, piece.networkId, slice);
    for (const slice of piece.slices) staged.slices.set(idOf(slice), slice);
    for (const slice of piece.written) staged.written.set(idOf(slice), slice);
    for (const { owner, slices } of piece.owners) for (const slice of slices) staged.owners.set(idOf(slice), owner);
    staged.ugc ||= piece.ugc;
    staged.refused ||= piece.refused;
    rows += piece.rows;
    type = piece.type;
    for (const day of piece.dates) dates.add(day);
  }
  const lineCount = lineOffsetAfter(pieced.pieces as StagedPiece[]) + 1;
  const report: StreamedReport = { type, family: family as StreamedReport['family'], rowCount: rows, dates: [...dates].sort(), lineCount };
  return { kind: 'staged', report, staged, stagedViews: false };
}

/**
 * Removes what a file's pieces staged, wherever they staged it: after its load, which applied them
 * (and removed them already) or found the file loaded before, refused or rejected it.
 */
export async function dropStagedPieces(target: PieceTarget, pieced: PiecedFile): Promise<void> {
  const stores = new Map<string, { networkId: number | null; bucket: number }>();
  for (const piece of pieced.pieces) {
    const staged =
      'rejected' in piece ? [] : 'cut' in piece ? piece.cut.map((c) => ({ ...c.staged, bucket: c.bucket })) : [{ ...piece, bucket: 0 }];
    for (const { networkId, bucket } of staged) stores.set(`${networkId}:${bucket}`, { networkId, bucket });
  }
  for (const { networkId, bucket } of stores.values()) await dropStaged(target, pieced.importId, networkId, bucket);
}

/**
 * Removes the rows staged under an import id in a network's database (its store when split, the store
 * of `bucket` when the network is spread over several): slices and weights.
 */
export async function dropStaged(target: PieceTarget, importId: string, networkId: number | null, bucket = 0): Promise<void> {
  const db = target.storeOf && networkId !== null ? target.storeOf(networkId, bucket) : target.db;
  await db.batch([
    statement(db, raw('DELETE FROM import_staged WHERE import_id = ?1', importId)),
    statement(db, raw('DELETE FROM import_staged_weights WHERE import_id = ?1', importId)),
  ]);
}
