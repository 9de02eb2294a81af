// One recognised file: unchanged, skipped, or parsed, planned and written in a single D1 batch, or rejected.
import { parseReportText, ReportError, type ParsedReport } from '../parse';
import { decodedText, SourceDecodeError } from '../parse/report-source';
import { channelStatements, knownChannels } from './channel-keys';
import { decideDaily, decideSnapshot, snapshotKey, type ReadFile } from './decide-file';
import { ownChannel } from './facts/basic';
import type { FileResult } from './files';
import type { ImportSession } from './import-session';
import { networkForFile } from './networks';
import { factsWithout, planDailyFacts } from './facts/daily-plan';
import type { PlanContext } from './plan';
import { StagedFile } from './staged-file';
import { joinPieces, stagedParts } from './pieces';
import { isStreamedFamily, readDailyFile, type DailyStream } from './streamed-daily';
import { logEntry, writeStaged } from './write-staged';
import { planReport } from './plan-report';
import type { PreparedFile } from './prepare-file';
import { recordedIssue } from './issue';
import { weighUnchanged } from './audience/unchanged-views';
import { recordRefusal, type WriteOutcome } from './refusals';
import { findLoadedFile, logStatements, pendingStatements, sliceId, type LoadedFile } from './report-log';
import type { SliceOwner } from './files';

/** A rejected file's result; `message` is 'name:line: why' (or 'name: why' for the whole file). */
export function rejected(name: string, reportType: string | null, message: string): FileResult {
  return { name, status: 'rejected', reportType, rows: 0, days: [], channels: 0, reason: message };
}

async function parse(session: ImportSession, file: PreparedFile): Promise<ParsedReport> {
  const expected = Math.max(file.lineBreaks - 1, 0);
  session.progress(file.name, 'parse', 0, expected);
  const report = parseReportText(file.name, await wholeText(file));
  session.progress(file.name, 'parse', report.rows.length, report.rows.length);
  return report;
}

/** The decoded content whole (prepareFile decoded it once already, so an error here is the source's). */
async function wholeText(file: PreparedFile): Promise<string> {
  try {
    return await decodedText(file.source);
  } catch (error) {
    throw error instanceof SourceDecodeError ? new ReportError(file.name, null, error.message) : error;
  }
}

/** The daily report without the rows of the dropped slices (a row's slice: its own channel and day). */
function withoutSlices(report: ParsedReport, networkId: number | null, drop: ReadonlySet<string>): ParsedReport {
  const keep = (row: { claimedCopy: boolean; channelId: string; date: string }) =>
    !drop.has(sliceId(report.family, networkId, [ownChannel(row), row.date]));
  switch (report.family) {
    case 'basic':
      return { ...report, rows: report.rows.filter(keep) };
    case 'partner_revenue':
      return { ...report, rows: report.rows.filter(keep) };
    case 'reach':
      return { ...report, rows: report.rows.filter(keep) };
    case 'traffic_source':
      return { ...report, rows: report.rows.filter(keep) };
    case 'demographics':
      return { ...report, rows: report.rows.filter(keep) };
    default:
      return report;
  }
}

async function readWhole(session: ImportSession, ctx: PlanContext, file: PreparedFile): Promise<ReadFile> {
  const report = await parse(session, file);
  return {
    summary: { type: report.type, family: report.family, rowCount: report.rows.length, dates: report.dates },
    full: await planReport(ctx, report),
    replan: (drop) => planReport(ctx, withoutSlices(report, ctx.networkId, drop)),
    basicRows: report.family === 'basic' ? report.rows : null,
  };
}

/** Reads a file: a basic or revenue file as a stream (staged when large), any other whole. */
async function read(
  session: ImportSession,
  ctx: PlanContext,
  file: PreparedFile,
  staged: StagedFile,
): Promise<ReadFile | Extract<DailyStream, { kind: 'staged' }>> {
  if (!isStreamedFamily(file.type.family)) return readWhole(session, ctx, file);
  if (file.pieces) {
    const joined = joinPieces(file.name, file.type.family, file.pieces);
    // Its pieces staged their views per demographics key where they staged their slices: this database.
    if (file.type.family === 'basic') session.weights?.addStaged(session.db, file.pieces.importId);
    return joined;
  }
  session.progress(file.name, 'parse', 0, Math.max(file.lineBreaks - 1, 0));
  // Its views per demographics key, once it proves large, are staged where its slices are.
  const views = { stagedIn: { db: session.db, importId: staged.importId } };
  const stream = await readDailyFile(session, ctx, file, (rows) => staged.stage(rows), views);
  session.progress(file.name, 'parse', stream.report.rowCount, stream.report.rowCount);
  if (stream.kind === 'staged') return stream;
  const { facts, report } = stream;
  const family = file.type.family;
  return {
    summary: { type: report.type, family: report.family, rowCount: report.rowCount, dates: report.dates },
    full: await planDailyFacts(ctx, facts),
    replan: (drop) =>
      planDailyFacts(
        ctx,
        factsWithout(facts, (slice) => drop.has(sliceId(family, ctx.networkId, slice))),
      ),
    basicRows: stream.basicRows,
  };
}

/**
 * Reads, decides and writes a file. A file skipped or rejected by what other files hold is recorded
 * in report_refusals, unless its content was loaded before (`reapplied`: report_files says what it is).
 */
async function write(session: ImportSession, file: PreparedFile, networkId: number | null, reapplied = false): Promise<FileResult> {
  const pieces = file.pieces && { importId: file.pieces.importId, parts: stagedParts(file.pieces), firstSeq: 0 };
  const staged = new StagedFile(session.db, session.now, pieces ?? undefined);
  try {
    const outcome = await writeRead(session, file, networkId, staged);
    if (outcome.refused && !reapplied) return await recordRefusal(session, file, networkId, outcome.refused);
    return outcome.result;
  } catch (error) {
    // Pieces staged by earlier steps stay for the engine's next try of the load, unless the file is bad.
    if (!pieces || error instanceof ReportError) await staged.discard();
    throw error;
  }
}

async function writeRead(session: ImportSession, file: PreparedFile, networkId: number | null, staged: StagedFile): Promise<WriteOutcome> {
  const { db, now } = session;
  const ctx: PlanContext = {
    db,
    fileName: file.name,
    networkId,
    bucket: file.bucket,
    now,
    countries: session.countries,
    weights: session.weights,
  };
  const got = await read(session, ctx, file, staged);
  if ('kind' in got) return writeStaged(session, file, networkId, got, staged);
  const { full, summary } = got;
  if (full.channels.ugc && networkId === null) {
    throw new ReportError(file.name, null, "claimed third-party uploads go to a network's UGC channel: pass --network <id>");
  }
  const decision = full.snapshot
    ? await decideSnapshot(session, file, full, summary.family, networkId)
    : await decideDaily(session, ctx, got, file);
  if (decision.status === 'rejected') {
    const refused = { ...rejected(file.name, summary.type, decision.reason), status: 'rejected' as const };
    return { result: refused, refused };
  }
  // Its views weight the import's demographics files by (channel, day), a skipped file's too, so that
  // a demographics file issued with it is planned and decided (skipped) rather than rejected for want
  // of weights; a rejected file gives none. write-staged does the same for a large file.
  if (got.basicRows) session.weights?.add(got.basicRows);
  const { plan, status, sentences, partial = false } = decision;
  const result = {
    name: file.name,
    reportType: summary.type,
    rows: summary.rowCount,
    days: summary.dates,
    channels: full.channelCount,
    decisions: sentences,
  };
  if (status === 'skipped') {
    const refused = { ...result, status };
    return { result: refused, refused };
  }
  session.contents.set(file.sha256, file.name);
  const issued = recordedIssue(file.issued, now);
  const owner: SliceOwner = { name: file.name, issued, sha256: file.sha256 };
  if (plan.snapshot) session.claimed.set(snapshotKey(summary.family, networkId), owner);
  for (const slice of plan.slices) session.claimed.set(sliceId(summary.family, networkId, slice), owner);
  if (session.dryRun) return { result: { ...result, status } };
  const slices = plan.slices.map((s) => JSON.stringify(s));
  const entry = { ...logEntry(file, issued, summary, networkId, status, plan.snapshot, partial), channels: plan.channelCount } as const;
  await session.ensureChannels(plan.channels, networkId, plan);
  const known = await knownChannels(db, plan.channels);
  // D1's only transaction: the file's channels, its log entry, its facts and the mark that their
  // rollups need a refresh land together or not at all (with the group's other files: see write).
  await session.write({
    file: file.name,
    rows: summary.rowCount,
    statements: [
      ...channelStatements(db, plan.channels, networkId, now),
      ...logStatements(db, entry, slices, now),
      ...plan.statements(db, networkId, now, known),
      ...(plan.daily ? pendingStatements(db, plan.slices, networkId) : []),
    ],
    slices: plan.daily ? plan.slices : null,
    networkId,
  });
  return { result: { ...result, status } };
}

/** Content loaded before (by an earlier import or an earlier file of this one), if any. */
async function loadedBefore(session: ImportSession, file: PreparedFile): Promise<(LoadedFile & { thisImport: boolean }) | null> {
  const earlier = session.contents.get(file.sha256);
  if (earlier !== undefined) {
    const issued = recordedIssue(file.issued, session.now);
    return { name: earlier, days: [], channels: 0, rows: 0, current: true, issued, thisImport: true };
  }
  const loaded = await findLoadedFile(session.db, file.sha256);
  return loaded && { ...loaded, thisImport: false };
}

/** Writes content loaded by an earlier import again; without a better issue time it keeps the recorded one. */
async function reapply(session: ImportSession, file: PreparedFile, earlier: LoadedFile): Promise<FileResult> {
  const issued = file.issued ?? earlier.issued;
  const networkId = networkForFile(session.networks, file.name, file.type, session.options.networkId);
  const result = await write(session.of(networkId, file.bucket), { ...file, issued }, networkId, true);
  const as = earlier.name === file.name ? '' : ` as ${earlier.name}`;
  return { ...result, decisions: [`re-applied: loaded before${as}`, ...(result.decisions ?? [])] };
}

/**
 * Loads one file. Content loaded once is never applied again ('unchanged', nothing written, even
 * when later reports replaced some of its days) unless the import re-applies (options.reapply: to
 * fill tables added since, the newest-issued rule still deciding each slice); slices held by a report
 * issued later are left alone ('skipped' when that is all of them); a ReportError (bad row, missing
 * column, missing network or basic weights) rejects it.
 */
export async function loadFile(session: ImportSession, file: PreparedFile): Promise<FileResult> {
  try {
    // Split by network, what a network loaded before is recorded in its store (its file's network must
    // be known first); otherwise in the shared D1, whatever the network.
    const recordedIn = session.split
      ? session.of(networkForFile(session.networks, file.name, file.type, session.options.networkId), file.bucket)
      : session;
    const earlier = await loadedBefore(recordedIn, file);
    if (earlier && !earlier.thisImport && session.options.reapply) return await reapply(session, file, earlier);
    if (earlier) {
      // Its views may still weight a demographics file of the same import (a file in pieces: as they staged them).
      if (file.type.family === 'basic' && session.weights && file.pieces) {
        session.weights.addStaged(recordedIn.db, file.pieces.importId);
      } else if (file.type.family === 'basic') {
        await weighUnchanged(session, recordedIn.db, file);
      }
      const as = earlier.name === file.name ? '' : ` as ${earlier.name}`;
      const since = earlier.current ? '' : '; later reports replaced some of its slices and keep them';
      return {
        name: file.name,
        status: 'unchanged',
        reportType: file.type.id,
        days: earlier.days,
        channels: earlier.channels,
        rows: earlier.rows,
        decisions: [`already loaded${as}${since}`],
      };
    }
    const networkId = networkForFile(session.networks, file.name, file.type, session.options.networkId);
    return await write(session.of(networkId, file.bucket), file, networkId);
  } catch (error) {
    if (error instanceof ReportError) return rejected(file.name, file.type.id, (await asTheFiles(file, error)).message);
    throw error;
  }
}

/** The error of a part of a file (spread-files.ts) naming the file's line, as a whole file's would. */
async function asTheFiles(file: PreparedFile, error: ReportError): Promise<ReportError> {
  if (!file.fileLine || error.line === null) return error;
  return new ReportError(error.fileName, await file.fileLine(error.line), error.reason);
}
