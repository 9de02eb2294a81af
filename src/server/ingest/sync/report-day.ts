// Loads one day of a scope's new report files through the importer and records each file's outcome.
import { REPORT_TYPES, type FamilyName } from '../parse';
import type { FileResult } from '../load/files';
import { inlineSteps, type Steps } from '../workflows/steps';
import { archiveReport, issuedAtOf, reportObjectKey } from '../archive/archive-report';
import { loadArchivedGroup } from '../archive/load-archived';
import { recordLoadOutcomes, type ArchivedFile } from '../archive/records';
import { type LoadVars, nowSeconds, type SyncContext } from './context';
import type { ReportingApi, ReportingScope } from '../../google/reporting-api';
import { errorText, syncInfo, syncWarn } from './log';
import { COMPANION_FAMILIES, reportFileName, type PendingReport, type ScopeKind } from './report-plan';
import { latestLoadedReport, recordReports, type ReportRecord, type StoredReport } from './report-records';

/** What a report day's load instance is given (workflows/report-day-load.ts). */
export interface ReportDayParams {
  scope: ReportScope;
  vars: LoadVars;
  day: string;
  reports: PendingReport[];
  /** The hourly run that started the instance (unix ms): the clock its records carry. */
  now: number;
}

export interface ReportScope extends ReportingScope {
  /** sync_* tables' scope key: the content owner id, '' for the account's own channel. */
  key: string;
  kind: ScopeKind;
  /** Channels first seen in this scope's reports join this network. */
  networkId: number | undefined;
  /** The YouTube connection whose tokens pull it; absent: the settings' GOOGLE_REFRESH_TOKEN. */
  connectionId?: number;
}

export const scopeLabel = (scope: ReportScope) =>
  (scope.contentOwnerId ? `content owner ${scope.contentOwnerId}` : scope.key ? scope.key.replace(':', ' ') : 'own channel') +
  (scope.connectionId ? ` (connection ${scope.connectionId})` : '');

/**
 * Reports loaded earlier that must travel with this day's new ones: the latest basic report when
 * only demographics came (and back), since the importer weighs demographics by that day's views.
 */
async function companionsOf(db: D1Database, scope: ReportScope, day: string, families: Set<FamilyName>): Promise<StoredReport[]> {
  if (!COMPANION_FAMILIES.some((f) => families.has(f))) return [];
  const wanted = COMPANION_FAMILIES.filter((f) => !families.has(f));
  const found = await Promise.all(
    wanted.map((family) =>
      latestLoadedReport(
        db,
        scope.key,
        day,
        REPORT_TYPES.filter((t) => t.family === family && t.scope === scope.kind).map((t) => t.id),
      ),
    ),
  );
  return found.filter((r): r is StoredReport => r !== null);
}

/** The record of one report with what became of it. */
export function recordOf(p: PendingReport, outcome: Pick<ReportRecord, 'status' | 'reason' | 'rows'>): ReportRecord {
  return {
    reportId: p.report.id,
    jobId: p.job.id,
    reportTypeId: p.job.reportTypeId,
    day: p.day,
    createTime: p.report.createTime,
    downloadUrl: p.report.downloadUrl,
    ...outcome,
  };
}

type ListedReport = { id: string; reportTypeId: string; createTime: string; downloadUrl: string };

/** A report of the day's listing (or a companion) in the archive, downloaded into it unless it is there. */
function archiveListed(ctx: SyncContext, api: ReportingApi, scope: ReportScope, day: string, report: ListedReport): Promise<ArchivedFile> {
  const stored = {
    objectKey: reportObjectKey(scope.key, report.reportTypeId, report.createTime, report.id),
    scope: scope.key,
    networkId: scope.networkId ?? null,
    name: reportFileName(report.reportTypeId, day, report.id),
    reportTypeId: report.reportTypeId,
    reportId: report.id,
    day,
    createTime: report.createTime,
    issuedAt: issuedAtOf(report.createTime),
  };
  return archiveReport(ctx.archive, api, { report: stored, downloadUrl: report.downloadUrl }, nowSeconds(ctx));
}

/** What the load step answers per report file: enough to record it (step results are stored, so small). */
type LoadedFile = Pick<FileResult, 'name' | 'status' | 'reason' | 'rows' | 'decisions'>;

/** The importer's verdict on each of the day's new reports. */
function recordsOf(day: string, reports: PendingReport[], files: LoadedFile[]): ReportRecord[] {
  const byName = new Map(files.map((f) => [f.name, f]));
  return reports.map((p) => {
    const file = byName.get(reportFileName(p.job.reportTypeId, day, p.report.id));
    if (!file) return recordOf(p, { status: 'rejected', reason: "missing from the importer's answer", rows: 0 });
    // A report older than the one that holds its day is superseded by it.
    if (file.status === 'skipped') return recordOf(p, { status: 'superseded', reason: file.decisions?.join('; ') ?? null, rows: 0 });
    return recordOf(p, { status: file.status, reason: file.reason ?? null, rows: file.rows });
  });
}

/**
 * Archives the day's files (plus companions), imports them in one call, and records every new report's
 * outcome; a throw records them as failed (retried on later runs, then rejected). Each part is a step:
 * inline by default, or a Workflow's durable, retried steps (src/server/ingest/workflows). Returns the
 * records written.
 */
export async function loadReportDay(
  ctx: SyncContext,
  api: ReportingApi | null,
  scope: ReportScope,
  day: string,
  reports: PendingReport[],
  steps: Steps = inlineSteps,
): Promise<ReportRecord[]> {
  let records: ReportRecord[];
  const archived: ArchivedFile[] = [];
  const target = { db: ctx.db, kv: ctx.kv, storeOf: ctx.storeOf };
  let loading = false;
  try {
    // A load instance started before the OAuth secrets were removed records its reports failed.
    if (!api) throw new Error('the Google OAuth secrets are not set: set GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET and GOOGLE_REFRESH_TOKEN');
    // Each report goes to the archive first (streamed into R2, never held whole); the load reads it there.
    for (const p of reports) {
      const listed = { ...p.report, reportTypeId: p.job.reportTypeId };
      archived.push(await steps.do(`archive ${p.report.id}`, () => archiveListed(ctx, api, scope, day, listed)));
    }
    // A companion loaded on an earlier run comes from the archive too (or is archived now, if it never was).
    const companions = await steps.do('archive companions', async () => {
      const found = await companionsOf(ctx.db, scope, day, new Set(reports.map((p) => p.family)));
      const files: ArchivedFile[] = [];
      for (const c of found) files.push(await archiveListed(ctx, api, scope, day, { id: c.reportId, ...c }));
      return files;
    });
    archived.push(...companions);
    // As an operator's load: a basic or revenue report larger than a piece is staged a piece per step, then
    // one `load` step applies the day's files; a step failing every try records the files failed and throws.
    loading = true;
    const loaded = await loadArchivedGroup(
      { ...target, bucket: ctx.archive.bucket },
      archived,
      {
        networkId: scope.networkId ?? null,
        replace: false,
        reapply: false,
        dryRun: false,
        now: nowSeconds(ctx),
        pieceBytes: ctx.settings.reportPieceBytes,
      },
      steps,
      'load',
    );
    records = recordsOf(day, reports, loaded.files);
  } catch (error) {
    records = reports.map((p) => recordOf(p, { status: 'failed', reason: errorText(error), rows: 0 }));
    // A failure while archiving: the files archived so far are recorded failed here (the load records its own).
    if (!loading) {
      await steps.do('record the failure', () =>
        recordLoadOutcomes(
          ctx.db,
          archived.map((file) => ({ id: file.id, failed: errorText(error) })),
          nowSeconds(ctx),
        ),
      );
    }
  }
  // Said in the step (under the instance's id and the step's name, in an instance), so an instance the
  // engine replays after a restart does not say it again.
  await steps.do('record', async () => {
    await recordReports(ctx.db, scope.key, records, nowSeconds(ctx));
    logOutcomes(scope, day, records);
  });
  return records;
}

/** The day's outcome: a warning per report that failed or was rejected, then the count of each status. */
function logOutcomes(scope: ReportScope, day: string, records: readonly ReportRecord[]): void {
  for (const r of records.filter((x) => x.status === 'rejected' || x.status === 'failed')) {
    syncWarn(`reports: ${scopeLabel(scope)} ${day} ${r.reportTypeId} report ${r.reportId} ${r.status}: ${r.reason ?? ''}`);
  }
  const counts = records.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});
  syncInfo(
    `reports: ${scopeLabel(scope)} ${day}: ${Object.entries(counts)
      .map(([s, n]) => `${n} ${s}`)
      .join(', ')}`,
  );
}
