// A large basic or revenue file's one applying batch, after its slices of days were staged.
import { channelStatements } from './channel-keys';
import { decideSlices } from './decisions';
import { familyTables } from './facts/daily-plan';
import type { ImportSession } from './import-session';
import { recordedIssue, type RecordedIssue } from './issue';
import { needsOfKeys } from './plan';
import type { PreparedFile } from './prepare-file';
import { logStatements, pendingStatements, sliceId } from './report-log';
import type { SliceOwner } from './files';
import type { WriteOutcome } from './refusals';
import type { StagedFile } from './staged-file';
import type { DailyStream, StreamedFamily } from './streamed-daily';

/** The decisions of a file all of whose slices stay with later reports. */
export function skippedSentences(sentences: readonly string[], daily: boolean): string[] {
  const whole = daily ? '' : ' (a monthly statement is loaded whole)';
  return sentences.filter((s) => s.startsWith('skips')).map((s) => `skipped${whole}: ${s.slice('skips '.length)}`);
}

/**
 * A large basic or revenue file, staged a slice of rows at a time: decided over all its slices, then
 * applied in one batch of its own (channels, log, facts from import_staged, rollup marks). Skipped or
 * rejected (no issue time, other content holds some of its slices), its staged parts are removed.
 */
export async function writeStaged(
  session: ImportSession,
  file: PreparedFile,
  networkId: number | null,
  stream: Extract<DailyStream, { kind: 'staged' }>,
  staged: StagedFile,
): Promise<WriteOutcome> {
  const { db, now } = session;
  const { report } = stream;
  const all = [...stream.staged.slices.values()];
  const written = [...stream.staged.written.values()];
  const family = file.type.family;
  const decision = decideSlices(family, networkId, all, file, stream.staged.owners, session.options.replace);
  const result = {
    name: file.name,
    reportType: report.type,
    rows: report.rowCount,
    days: report.dates,
    channels: new Set(all.map(([key]) => key)).size,
    decisions: decision.sentences,
  };
  if (decision.refusal !== null) {
    await staged.discard();
    const refused = {
      name: file.name,
      reportType: report.type,
      rows: 0,
      days: [],
      channels: 0,
      status: 'rejected' as const,
      reason: decision.refusal,
    };
    return { result: refused, refused };
  }
  // Its staged views weight the import's demographics from now on, ahead of earlier files' for the same
  // (channel, day), a skipped file's too (load-file's rule); a rejected file's do not (drop removes them).
  if (stream.stagedViews) session.weights?.addStaged(session.db, staged.importId);
  if (decision.kept.length === all.length) {
    await staged.discard();
    const refused = { ...result, status: 'skipped' as const, decisions: skippedSentences(decision.sentences, true) };
    return { result: refused, refused };
  }
  const status = decision.replaced.length > 0 ? 'replaced' : 'loaded';
  session.contents.set(file.sha256, file.name);
  const issued = recordedIssue(file.issued, now);
  const owner: SliceOwner = { name: file.name, issued, sha256: file.sha256 };
  for (const slice of written) session.claimed.set(sliceId(family, networkId, slice), owner);
  if (session.dryRun) return { result: { ...result, status } };
  const keys = new Set(written.map(([key]) => key));
  const entry = {
    ...logEntry(file, issued, report, networkId, status, false, decision.kept.length > 0),
    channels: keys.size,
  } as const;
  await session.ensureChannels(needsOfKeys(keys), networkId);
  const statements = [
    ...channelStatements(db, needsOfKeys(keys), networkId, now),
    ...logStatements(
      db,
      entry,
      written.map((s) => JSON.stringify(s)),
      now,
    ),
    ...staged.applyStatements(family as StreamedFamily, familyTables(family as StreamedFamily), written, networkId),
    ...pendingStatements(db, written, networkId),
  ];
  // A batch of its own, sent now: the staged rows are removed if it fails (see write).
  await session.flush();
  await session.write({ file: file.name, rows: report.rowCount, statements, slices: written, networkId });
  await session.flush();
  return { result: { ...result, status } };
}

/** The report_files entry of a file (channels: those it writes), with the issue time it is recorded with. */
export function logEntry(
  file: PreparedFile,
  issued: RecordedIssue,
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
    issuedAt: issued.at,
    issuedFrom: issued.from,
    partial,
  };
}
