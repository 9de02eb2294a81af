// Basic and estimated revenue files read as a stream and summed a slice of rows at a time (bounded memory).
import { ReportError, type BasicRow, type PartnerRevenueRow } from '../parse';
import { streamReport, type StreamedReport } from '../parse/csv-report';
import { decodedChunks } from '../parse/report-source';
import { knownChannels, keyValue, type ChannelKey } from './channel-keys';
import { decideSlices } from './decisions';
import { basicAdder, basicSums, channelIdCheck } from './facts/basic';
import { factGrains, factsWithout, familyTables, type DailyFacts } from './facts/daily-plan';
import type { DailySink, DailySums } from './facts/daily-sums';
import type { FactTable } from './facts/fact-tables';
import { RowSlices } from './facts/row-slices';
import { partnerRevenueAdder, partnerRevenueSums } from './facts/partner-revenue';
import type { ImportSession } from './import-session';
import { needsOfKeys, type PlanContext } from './plan';
import type { PieceWeights } from './audience/staged-weights';
import { FileViews } from './audience/weights';
import type { PreparedFile } from './prepare-file';
import { sliceId, sliceOwners } from './report-log';
import type { Slice, SliceOwner } from './files';

/**
 * Report rows summed per slice; a file within one slice is planned in memory like any other.
 * A slice's sums, grains and JSON rows take some 2 kB of heap per report row at their peak: 20,000
 * rows keep that near 40 MB, and a 1,000,000-row file costs 50 slices of three lookups and a batch.
 */
export const SLICE_ROWS = 20_000;

export type StreamedFamily = 'basic' | 'partner_revenue';

export function isStreamedFamily(family: string): family is StreamedFamily {
  return family === 'basic' || family === 'partner_revenue';
}

/** Receives each slice of days as it closes (not the last one: see readDailyStream). */
type OnSlice = (facts: DailyFacts) => Promise<void>;

interface Pass {
  report: StreamedReport;
  last: DailyFacts;
  onlySlice: boolean;
}

function newSums(family: StreamedFamily): () => DailySums {
  return family === 'basic' ? basicSums : partnerRevenueSums;
}

/** One pass over the file: every record checked and summed into `sink`; afterPiece runs between pieces. */
async function readPass(
  ctx: PlanContext,
  file: PreparedFile,
  family: StreamedFamily,
  sink: DailySink,
  afterPiece: () => Promise<void>,
  keepRow: ((row: BasicRow) => void) | null,
): Promise<StreamedReport> {
  const chunks = decodedChunks(file.source);
  const check = channelIdCheck();
  if (family === 'basic') {
    const add = basicAdder(ctx);
    const visit = (row: BasicRow) => {
      check(row);
      add(sink, row);
      keepRow?.(row);
    };
    return await streamReport(file.name, file.head, chunks, 'basic', visit, afterPiece);
  }
  const add = partnerRevenueAdder(ctx);
  const visit = (row: PartnerRevenueRow) => {
    check(row);
    add(sink, row);
  };
  return await streamReport(file.name, file.head, chunks, 'partner_revenue', visit, afterPiece);
}

/**
 * Closed slices handed on one at a time while the file is read on: the reading and summing of the
 * next slice overlap the lookups and staging writes of the one before (measured: about a third of a
 * large file's time, which the local database spends while the parser would otherwise wait). At most
 * one slice is in flight, so memory stays at two slices' sums; order is kept.
 */
class SlicePipe {
  private inFlight: Promise<void> | null = null;

  constructor(private readonly onSlice: OnSlice) {}

  /** Waits for the slice before, then starts this one without waiting for it. */
  async push(facts: DailyFacts): Promise<void> {
    await this.drain();
    const started = this.onSlice(facts);
    // Observed here so a failure is not unhandled while the parser runs; drain() rethrows it.
    started.catch(() => undefined);
    this.inFlight = started;
  }

  /** Waits for the slice in flight; its error, if any, is thrown here. */
  async drain(): Promise<void> {
    const pending = this.inFlight;
    this.inFlight = null;
    if (pending) await pending;
  }

  /** Waits for the slice in flight and ignores its outcome (an error of the reader wins). */
  async settle(): Promise<void> {
    await this.drain().catch(() => undefined);
  }
}

/**
 * Reads a daily file in slices of `sliceRows` rows: each closed slice goes to onSlice, the last is
 * returned (onlySlice: the file fits in one). `keepRow` sees every basic row (basic weights).
 */
async function readDailyStream(
  ctx: PlanContext,
  file: PreparedFile,
  family: StreamedFamily,
  sliceRows: number,
  onSlice: OnSlice,
  keepRow: ((row: BasicRow) => void) | null,
): Promise<Pass> {
  const pipe = new SlicePipe(onSlice);
  try {
    const slices = new RowSlices(newSums(family), sliceRows);
    const afterPiece = async () => {
      for (const facts of slices.takeClosed()) await pipe.push(facts);
    };
    const report = await readPass(ctx, file, family, slices, afterPiece, keepRow);
    await pipe.drain();
    const { facts, only } = slices.finish();
    return { report, last: facts, onlySlice: only };
  } catch (error) {
    // A slice in flight finishes (or fails) before the error goes on.
    await pipe.settle();
    throw error;
  }
}

/** What the stream gave: a one-slice file to plan in memory, or the slices already staged. */
export type DailyStream =
  | { readonly kind: 'one'; readonly report: StreamedReport; readonly facts: DailyFacts; readonly basicRows: BasicRow[] | null }
  | {
      readonly kind: 'staged';
      readonly report: StreamedReport;
      readonly staged: StagedSlices;
      /** Its views per demographics key were staged by this read (see ViewsTarget), to weight the import's demographics. */
      readonly stagedViews: boolean;
    };

/**
 * Where a basic file's views per demographics key go when the import weighs demographics: a piece's
 * to its PieceWeights (null: none) from the first row; a whole file's are kept as rows while it fits in
 * one slice (planned in memory), and once the first slice closes are staged where the file stages its
 * slices (`stagedIn`: its StagedFile's database and import id), so a large file holds a few thousand
 * keys instead of every row.
 */
export type ViewsTarget =
  { readonly piece: PieceWeights | null } | { readonly stagedIn: { readonly db: D1Database; readonly importId: string } };

/** What the slices of a staged file leave for its applying batch. */
export interface StagedSlices {
  /** Every slice of the file by sliceId (a slice's rows may be in several staged parts), and the owners of those another report held. */
  slices: Map<string, Slice>;
  owners: Map<string, SliceOwner>;
  /** The slices written, by sliceId (those a report issued later holds are left out). */
  written: Map<string, Slice>;
  ugc: boolean;
  /** A slice met other content and the file has no issue time: nothing more is staged. */
  refused: boolean;
}

/** An empty record of a file's staged slices. */
export const noStagedSlices = (): StagedSlices => ({
  slices: new Map(),
  owners: new Map(),
  written: new Map(),
  ugc: false,
  refused: false,
});

/** Stages one slice of rows: decided against the slices' owners, folded into titles, stored in import_staged. */
async function stageSlice(
  session: ImportSession,
  ctx: PlanContext,
  file: PreparedFile,
  family: StreamedFamily,
  facts: DailyFacts,
  into: StagedSlices,
  stage: (rows: Array<[FactTable, string[]]>) => Promise<void>,
): Promise<void> {
  const { networkId } = ctx;
  const owners = await sliceOwners(session.db, family, facts.slices, networkId);
  for (const slice of facts.slices) {
    const id = sliceId(family, networkId, slice);
    const claimed = session.claimed.get(id);
    if (claimed) owners.set(id, claimed);
  }
  for (const [id, owner] of owners) into.owners.set(id, owner);
  for (const slice of facts.slices) into.slices.set(sliceId(family, networkId, slice), slice);
  const { kept, conflicts } = decideSlices(family, networkId, facts.slices, file, owners, session.options.replace);
  // A file refused for want of an issue time writes nothing: its later slices are read (for their
  // errors) and decided, never staged; writeStaged then refuses it whole.
  if (conflicts.length > 0) into.refused = true;
  const keep = new Set(kept.map((slice) => sliceId(family, networkId, slice)));
  const written = keep.size > 0 ? factsWithout(facts, (slice) => keep.has(sliceId(family, networkId, slice))) : facts;
  for (const slice of written.slices) into.written.set(sliceId(family, networkId, slice), slice);
  if (written.slices.some(([key]) => key === null)) into.ugc = true;
  if (into.ugc && networkId === null) {
    throw new ReportError(file.name, null, "claimed third-party uploads go to a network's UGC channel: pass --network <id>");
  }
  if (session.dryRun || into.refused || written.slices.length === 0) return;
  const grains = await factGrains(session.db, written, true);
  const needs = needsOfKeys(written.slices.map(([key]) => key));
  await session.ensureChannels(needs, networkId);
  const known = await knownChannels(session.db, needs);
  const rows: Array<[FactTable, string[]]> = [];
  for (const table of familyTables(family)) {
    const grain = grains[table.grain];
    if (grain) rows.push([table, grain.toJson((key) => keyValue(key as ChannelKey, known), true)]);
  }
  await stage(rows);
}

/**
 * Reads a basic or estimated revenue file as a stream. A file within one slice comes back summed, for
 * the usual in-memory plan, unless it is a piece of a file loaded across steps (see pieces.ts); a
 * larger one is staged slice by slice (see StagedFile) and comes back as what its applying batch needs.
 * `stage` stores a slice's rows. A basic file's views per demographics key go to `views` (ViewsTarget),
 * flushed with each slice; a piece's rows are never kept (the load that weighs with them runs in another step).
 */
export async function readDailyFile(
  session: ImportSession,
  ctx: PlanContext,
  file: PreparedFile,
  stage: (rows: Array<[FactTable, string[]]>) => Promise<void>,
  views: ViewsTarget,
): Promise<DailyStream> {
  const family = file.type.family;
  if (!isStreamedFamily(family)) throw new Error(`${family} files are not read as a stream`);
  const staged = noStagedSlices();
  // A piece's views go to its PieceWeights from the first row; a whole basic file's are kept as rows
  // until its first slice closes, then staged where its slices are (FileViews).
  const piece = 'piece' in views ? views.piece : null;
  const whole =
    'stagedIn' in views && family === 'basic' && session.weights
      ? new FileViews(session.weights, views.stagedIn.db, views.stagedIn.importId, session.now)
      : null;
  const onSlice = async (facts: DailyFacts) => {
    whole?.spill();
    await stageSlice(session, ctx, file, family, facts, staged, stage);
    await piece?.flush();
    await whole?.flush();
  };
  const sink = family === 'basic' ? (piece ?? whole) : null;
  const keepRow = sink ? (row: BasicRow) => sink.add(row) : null;
  const sliceRows = session.options.sliceRows ?? SLICE_ROWS;
  try {
    const pass = await readDailyStream(ctx, file, family, sliceRows, onSlice, keepRow);
    if (pass.onlySlice && !('piece' in views))
      return { kind: 'one', report: pass.report, facts: pass.last, basicRows: whole?.keptRows ?? null };
    await onSlice(pass.last);
    return { kind: 'staged', report: pass.report, staged, stagedViews: whole?.staged ?? false };
  } catch (error) {
    // No write of the weights lands after the read has failed (and after the import removes them).
    await piece?.settle();
    await whole?.settle();
    throw error;
  }
}
