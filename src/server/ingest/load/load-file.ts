// One recognised file: unchanged, or parsed, planned and written in a single D1 batch, or rejected.
import { parseReportText, ReportError, type ParsedReport } from '../parse';
import { channelStatements, knownChannels } from './channel-keys';
import type { FileResult } from './import-files';
import type { ImportSession } from './import-session';
import { networkForFile } from './networks';
import { planReport } from './plan-report';
import type { PreparedFile } from './prepare-file';
import { findCurrentFile, logStatements, slicesLoadedBefore, snapshotLoadedBefore } from './report-log';

/** A rejected file's result; `message` is 'name:line: why' (or 'name: why' for the whole file). */
export function rejected(name: string, reportType: string | null, message: string): FileResult {
  return { name, status: 'rejected', reportType, rows: 0, days: [], channels: 0, reason: message };
}

async function parse(session: ImportSession, file: PreparedFile): Promise<ParsedReport> {
  const expected = Math.max(file.lineBreaks - 1, 0);
  session.progress(file.name, 'parse', 0, expected);
  const report = parseReportText(file.name, file.text);
  session.progress(file.name, 'parse', report.rows.length, report.rows.length);
  return report;
}

async function write(session: ImportSession, file: PreparedFile, networkId: number | null): Promise<FileResult> {
  const { db, now } = session;
  const report = await parse(session, file);
  const plan = await planReport({ db, fileName: file.name, networkId, now, countries: session.countries, weights: session.weights }, report);
  if (plan.channels.ugc && networkId === null) {
    throw new ReportError(file.name, null, 'claimed third-party uploads go to a network\'s UGC channel: pass --network <id>');
  }
  const slices = plan.slices.map((s) => JSON.stringify(s));
  const replaced = plan.snapshot
    ? await snapshotLoadedBefore(db, report.family, networkId, file.sha256)
    : await slicesLoadedBefore(db, report.family, slices, networkId);
  const status = replaced ? 'replaced' : 'loaded';
  const entry = {
    sha256: file.sha256, name: file.name, reportType: report.type, family: report.family, networkId, days: report.dates,
    channels: plan.channelCount, rows: report.rows.length, status, snapshot: plan.snapshot,
  } as const;
  const known = await knownChannels(db, plan.channels);
  session.progress(file.name, 'write', 0, report.rows.length);
  // D1's only transaction: the file's channels, its log entry and its facts land together or not at all.
  await db.batch([
    ...channelStatements(db, plan.channels, networkId, now),
    ...logStatements(db, entry, slices, now),
    ...plan.statements(db, networkId, now, known),
  ]);
  session.progress(file.name, 'write', report.rows.length, report.rows.length);
  if (plan.daily) await session.recordChanged(plan.slices, networkId);
  if (report.family === 'basic') session.weights?.add(report.rows);
  return { name: file.name, status, reportType: report.type, rows: report.rows.length, days: report.dates, channels: plan.channelCount };
}

/**
 * Loads one file. The same content loaded before (and not replaced since) is 'unchanged' and writes
 * nothing; a ReportError (bad row, missing column, missing network or basic weights) rejects it.
 */
export async function loadFile(session: ImportSession, file: PreparedFile): Promise<FileResult> {
  try {
    const current = await findCurrentFile(session.db, file.sha256);
    if (current) {
      // Its views may still weight a demographics file of the same import.
      if (file.type.family === 'basic' && session.weights) {
        const report = parseReportText(file.name, file.text);
        if (report.family === 'basic') session.weights.add(report.rows);
      }
      return { name: file.name, status: 'unchanged', reportType: file.type.id, ...current };
    }
    const networkId = networkForFile(session.networks, file.name, file.type, session.options.networkId);
    return await write(session, file, networkId);
  } catch (error) {
    if (error instanceof ReportError) return rejected(file.name, file.type.id, error.message);
    throw error;
  }
}
