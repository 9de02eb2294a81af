// Loads one day of a scope's new report files through the importer and records each file's outcome.
import { REPORT_TYPES, type FamilyName } from '../parse';
import { runImport } from '../run-import';
import type { ImportFile } from '../load/import-files';
import { nowSeconds, type SyncContext } from './context';
import type { ReportingApi, ReportingScope } from '../../google/reporting-api';
import { errorText, syncInfo, syncWarn } from './log';
import { COMPANION_FAMILIES, reportFileName, type PendingReport, type ScopeKind } from './report-plan';
import { latestLoadedReport, recordReports, type ReportRecord, type StoredReport } from './report-records';
import { MS_PER_SECOND } from '../../../lib/time';

export interface ReportScope extends ReportingScope {
  /** sync_* tables' scope key: the content owner id, '' for the account's own channel. */
  key: string;
  kind: ScopeKind;
  /** Channels first seen in this scope's reports join this network. */
  networkId: number | undefined;
}

export const scopeLabel = (scope: ReportScope) => (scope.contentOwnerId ? `content owner ${scope.contentOwnerId}` : 'own channel');

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

/** createTime decides between two reports of one day (a re-issue is created later). */
function issuedOf(createTime: string): { at: number; from: 'youtube' } | undefined {
  const ms = Date.parse(createTime);
  return Number.isFinite(ms) ? { at: Math.floor(ms / MS_PER_SECOND), from: 'youtube' } : undefined;
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

/**
 * Downloads the day's files (plus companions), imports them in one call, and records every new
 * report's outcome; a throw records them as failed (retried on later runs, then rejected).
 * Returns the records written.
 */
export async function loadReportDay(
  ctx: SyncContext,
  api: ReportingApi,
  scope: ReportScope,
  day: string,
  reports: PendingReport[],
): Promise<ReportRecord[]> {
  let records: ReportRecord[];
  try {
    const files: ImportFile[] = [];
    for (const p of reports) {
      files.push({
        name: reportFileName(p.job.reportTypeId, day, p.report.id),
        bytes: await api.download(p.report),
        issued: issuedOf(p.report.createTime),
      });
    }
    const companions = await companionsOf(ctx.db, scope, day, new Set(reports.map((p) => p.family)));
    for (const c of companions) {
      files.push({
        name: reportFileName(c.reportTypeId, day, c.reportId),
        bytes: await api.download({ id: c.reportId, downloadUrl: c.downloadUrl }),
        issued: issuedOf(c.createTime),
      });
    }
    const result = await runImport({ db: ctx.db, kv: ctx.kv, storeOf: ctx.storeOf }, files, {
      networkId: scope.networkId,
      now: nowSeconds(ctx),
    });
    const byName = new Map(result.files.map((f) => [f.name, f]));
    records = reports.map((p) => {
      const file = byName.get(reportFileName(p.job.reportTypeId, day, p.report.id));
      if (!file) return recordOf(p, { status: 'rejected', reason: "missing from the importer's answer", rows: 0 });
      // A report older than the one that holds its day is superseded by it.
      if (file.status === 'skipped') return recordOf(p, { status: 'superseded', reason: file.decisions?.join('; ') ?? null, rows: 0 });
      return recordOf(p, { status: file.status, reason: file.reason ?? null, rows: file.rows });
    });
  } catch (error) {
    records = reports.map((p) => recordOf(p, { status: 'failed', reason: errorText(error), rows: 0 }));
  }
  await recordReports(ctx.db, scope.key, records, nowSeconds(ctx));
  for (const r of records.filter((x) => x.status === 'rejected' || x.status === 'failed')) {
    syncWarn(`reports: ${scopeLabel(scope)} ${day} ${r.reportTypeId} report ${r.reportId} ${r.status}: ${r.reason ?? ''}`);
  }
  const counts = records.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});
  syncInfo(
    `reports: ${scopeLabel(scope)} ${day}: ${Object.entries(counts)
      .map(([s, n]) => `${n} ${s}`)
      .join(', ')}`,
  );
  return records;
}
