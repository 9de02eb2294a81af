// A large basic or revenue file's one applying batch, after its slices of days were staged.
import { channelStatements } from './channel-keys';
import { decideSlices } from './decisions';
import { familyTables } from './facts/daily-plan';
import type { FileResult } from './import-files';
import type { ImportSession } from './import-session';
import { needsOfKeys } from './plan';
import type { PreparedFile } from './prepare-file';
import { logStatements, pendingStatements, sliceId, type SliceOwner } from './report-log';
import type { StagedFile } from './staged-file';
import type { DailyStream, StreamedFamily } from './streamed-daily';

/** The decisions of a file all of whose slices stay with later reports. */
export function skippedSentences(sentences: readonly string[], daily: boolean): string[] {
  const whole = daily ? '' : ' (a monthly statement is loaded whole)';
  return sentences.filter((s) => s.startsWith('skips')).map((s) => `skipped${whole}: ${s.slice('skips '.length)}`);
}

/**
 * A large basic or revenue file, staged a slice of days at a time: decided over all its slices, then
 * applied in one batch of its own (channels, log, facts from import_staged, rollup marks).
 */
export async function writeStaged(
  session: ImportSession,
  file: PreparedFile,
  networkId: number | null,
  stream: Extract<DailyStream, { kind: 'staged' }>,
  staged: StagedFile,
): Promise<FileResult> {
  const { db, now } = session;
  const { report, staged: slices } = stream;
  const family = file.type.family;
  const decision = decideSlices(family, networkId, slices.slices, file, slices.owners);
  const result = {
    name: file.name,
    reportType: report.type,
    rows: report.rowCount,
    days: report.dates,
    channels: new Set(slices.slices.map(([key]) => key)).size,
    decisions: decision.sentences,
  };
  if (stream.basicRows) session.weights?.add(stream.basicRows);
  if (decision.kept.length === slices.slices.length) {
    await staged.discard();
    return { ...result, status: 'skipped', decisions: skippedSentences(decision.sentences, true) };
  }
  const status = decision.replaced.length > 0 ? 'replaced' : 'loaded';
  session.contents.set(file.sha256, file.name);
  const owner: SliceOwner = { name: file.name, issuedAt: file.issued.at, sha256: file.sha256 };
  for (const slice of slices.written) session.claimed.set(sliceId(family, networkId, slice), owner);
  if (session.dryRun) return { ...result, status };
  const keys = new Set(slices.written.map(([key]) => key));
  const entry = {
    ...logEntry(file, report, networkId, status, false, decision.kept.length > 0),
    channels: keys.size,
  } as const;
  await session.ensureChannels(needsOfKeys(keys), networkId);
  const statements = [
    ...channelStatements(db, needsOfKeys(keys), networkId, now),
    ...logStatements(
      db,
      entry,
      slices.written.map((s) => JSON.stringify(s)),
      now,
    ),
    ...staged.applyStatements(family as StreamedFamily, familyTables(family as StreamedFamily), slices.written, networkId),
    ...pendingStatements(db, slices.written, networkId),
  ];
  // A batch of its own, sent now: the staged rows are removed if it fails (see write).
  await session.flush();
  await session.write({ file: file.name, rows: report.rowCount, statements, slices: slices.written, networkId });
  await session.flush();
  return { ...result, status };
}

/** The report_files entry of a file (channels: those it writes). */
export function logEntry(
  file: PreparedFile,
  report: { type: string; family: string; dates: string[]; rowCount: number },
  networkId: number | null,
  status: 'loaded' | 'replaced',
  snapshot: boolean,
  partial: boolean,
) {
  return {
    sha256: file.sha256,
    name: file.name,
    reportType: report.type,
    family: report.family,
    networkId,
    days: report.dates,
    rows: report.rowCount,
    status,
    snapshot,
    issuedAt: file.issued.at,
    issuedFrom: file.issued.from,
    partial,
  };
}
