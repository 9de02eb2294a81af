// Pure planning of a Reporting API pull: which jobs to create, which reports to load together, where cursors go.
import { getReportType, type FamilyName, type ReportType } from '../parse';
import type { ReportingJob, ReportingReport } from '../../google/reporting-api';
import { pacificDay } from '../../google/pacific-day';

/** Report families we ask YouTube to generate; system-managed ones (finance, claims, metadata) come by themselves. */
export const WANTED_FAMILIES: readonly FamilyName[] = ['basic', 'demographics', 'partner_revenue', 'traffic_source'];
/** Families the importer must see together for a day: demographics are weighted by that day's basic views. */
export const COMPANION_FAMILIES: readonly FamilyName[] = ['basic', 'demographics'];

export type ScopeKind = ReportType['scope'];

const versionOf = (id: string) => Number(/_a(\d+)$/.exec(id)?.[1] ?? 0);

/** The report type we load, if any, for a Reporting API type id, in a scope. */
export function loadableType(reportTypeId: string, kind: ScopeKind): ReportType | undefined {
  const type = getReportType(reportTypeId);
  return type?.scope === kind ? type : undefined;
}

/**
 * The report types to create jobs for: each wanted family with no job of any version we load gets
 * the newest version YouTube offers (reportTypes.list) that we can load. An existing job of an older
 * version is kept: two jobs of one family would deliver the same facts twice.
 * @example jobsToCreate('channel', ['channel_basic_a3', 'channel_basic_a2'], []) // ['channel_basic_a3']
 */
export function jobsToCreate(kind: ScopeKind, available: readonly string[], jobs: readonly ReportingJob[]): string[] {
  const covered = new Set(jobs.flatMap((j) => loadableType(j.reportTypeId, kind)?.family ?? []));
  return WANTED_FAMILIES.filter((family) => !covered.has(family)).flatMap((family) => {
    const offered = available.filter((id) => loadableType(id, kind)?.family === family);
    const newest = offered.sort((a, b) => versionOf(b) - versionOf(a))[0];
    return newest ? [newest] : [];
  });
}

export interface PendingReport {
  job: ReportingJob;
  report: ReportingReport;
  /** The Pacific day the report covers. */
  day: string;
  family: FamilyName;
}

const created = (r: ReportingReport) => Date.parse(r.createTime);

/**
 * Splits new reports into the ones to load, grouped by day (oldest day first), and the ones
 * superseded by a newer report of the same job and day in the same listing (a backfill replaces
 * a day; loading the older one first would only be undone).
 */
export function planDays(pending: readonly PendingReport[]): {
  days: { day: string; reports: PendingReport[] }[];
  superseded: PendingReport[];
} {
  const newest = new Map<string, PendingReport>();
  const superseded: PendingReport[] = [];
  for (const p of pending) {
    const key = `${p.job.id}|${p.day}`;
    const seen = newest.get(key);
    if (!seen) newest.set(key, p);
    else if (created(p.report) > created(seen.report)) {
      superseded.push(seen);
      newest.set(key, p);
    } else superseded.push(p);
  }
  const byDay = new Map<string, PendingReport[]>();
  for (const p of newest.values()) byDay.set(p.day, [...(byDay.get(p.day) ?? []), p]);
  const days = [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, reports]) => ({ day, reports }));
  return { days, superseded };
}

/** The Pacific day a report covers (its startTime is that day's midnight in US-Pacific). */
export function reportDay(report: ReportingReport): string {
  return pacificDay(Date.parse(report.startTime));
}

/**
 * Where a job's cursor may move: the createTime of the last report in createTime order before the
 * first one not yet done, so nothing unfinished is ever skipped. `done` holds finished report ids.
 */
export function advanceCursor(listed: readonly ReportingReport[], done: ReadonlySet<string>, cursor: string | null): string | null {
  let next = cursor;
  for (const report of [...listed].sort((a, b) => created(a) - created(b))) {
    if (!done.has(report.id)) break;
    next = report.createTime;
  }
  return next;
}

/**
 * A file name the importer recognises by its report type id: type, day, report id.
 * @example reportFileName('channel_basic_a3', '2026-03-01', 'r1') // 'channel_basic_a3_20260301_r1.csv'
 */
export function reportFileName(reportTypeId: string, day: string, reportId: string): string {
  return `${reportTypeId}_${day.replaceAll('-', '')}_${reportId.replace(/[^\w-]/g, '_')}.csv`;
}
