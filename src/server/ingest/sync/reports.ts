// Reporting API pull: per content owner (or the own channel), ensure jobs, list new reports by createTime, load them by day.
import { REPORT_TYPES, type FamilyName } from '../parse';
import { nowSeconds, type SyncContext } from './context';
import type { ReportingApi, ReportingJob, ReportingReport } from '../../google/reporting-api';
import { errorText, syncInfo, syncWarn } from './log';
import { getContentOwners } from './partners';
import { reportScopes, reportingFor } from './connections';
import { settleLostLoads } from './lost-loads';
import { loadReportDay, recordOf, scopeLabel, type ReportScope } from './report-day';
import { advanceCursor, jobsToCreate, loadableType, planDays, reportDay, type PendingReport } from './report-plan';
import { finishedReportIds, getCursor, markLoading, recordReports, setCursor, type ReportRecord } from './report-records';
import type { ReportDayParams } from './report-day';

/** Days loaded per scope in one run (a new job backfills ~30 at once); the rest wait for the next run. */
export const MAX_REPORT_DAYS_PER_RUN = 31;
/** Jobs this product creates are named so, which tells them apart in the owner's job list. */
const JOB_NAME_PREFIX = 'viewdeck';

export interface ReportsSummary {
  scopes: number;
  createdJobs: string[];
  records: { status: string; reportTypeId: string; day: string }[];
}

/** The scope's jobs of report types we load (creating missing ones), each with its family. */
async function ensureJobs(
  api: ReportingApi,
  scope: ReportScope,
  summary: ReportsSummary,
): Promise<{ job: ReportingJob; family: FamilyName }[]> {
  const jobs = await api.listJobs(scope);
  // reportTypes.list only when some family lacks a job (it usually does not, after the first run).
  const missing =
    jobsToCreate(
      scope.kind,
      REPORT_TYPES.map((t) => t.id),
      jobs,
    ).length > 0;
  const toCreate = missing ? jobsToCreate(scope.kind, await api.listReportTypes(scope), jobs) : [];
  for (const reportTypeId of toCreate) {
    jobs.push(await api.createJob(scope, reportTypeId, `${JOB_NAME_PREFIX}-${reportTypeId}`));
    summary.createdJobs.push(reportTypeId);
    syncInfo(`reports: ${scopeLabel(scope)}: created a ${reportTypeId} job; YouTube fills it within about two days`);
  }
  return jobs.flatMap((job) => {
    const type = loadableType(job.reportTypeId, scope.kind);
    return type ? [{ job, family: type.family }] : [];
  });
}

async function syncScope(ctx: SyncContext, api: ReportingApi, scope: ReportScope, summary: ReportsSummary): Promise<void> {
  const listed: { job: ReportingJob; family: FamilyName; cursor: string | null; reports: ReportingReport[] }[] = [];
  for (const { job, family } of await ensureJobs(api, scope, summary)) {
    const cursor = await getCursor(ctx.db, scope.key, job.id);
    listed.push({ job, family, cursor, reports: await api.listReports(scope, job.id, cursor) });
  }
  const ids = listed.flatMap((l) => l.reports.map((r) => r.id));
  const finished = await finishedReportIds(ctx.db, ids, { now: nowSeconds(ctx) });
  const pending = listed.flatMap(({ job, family, reports }) =>
    reports.filter((r) => !finished.has(r.id)).map((report): PendingReport => ({ job, family, report, day: reportDay(report) })),
  );
  const { days, superseded } = planDays(pending);
  await recordReports(
    ctx.db,
    scope.key,
    superseded.map((p) => recordOf(p, { status: 'superseded', reason: null, rows: 0 })),
    nowSeconds(ctx),
  );
  for (const { day, reports } of days.slice(0, MAX_REPORT_DAYS_PER_RUN)) {
    const records = ctx.loads
      ? await startDayLoad(ctx, ctx.loads, scope, day, reports)
      : await loadReportDay(ctx, api, scope, day, reports);
    summary.records.push(...records.map((r) => ({ status: r.status, reportTypeId: r.reportTypeId, day })));
  }
  // Re-read: a failure on its last attempt became rejected, which lets the cursor pass it; a report still
  // loading holds the cursor until its instance records it.
  const done = await finishedReportIds(ctx.db, ids, { now: nowSeconds(ctx), settled: true });
  for (const { job, cursor, reports } of listed) {
    const next = advanceCursor(reports, done, cursor);
    if (next !== null && next !== cursor) await setCursor(ctx.db, scope.key, job.id, job.reportTypeId, next, nowSeconds(ctx));
  }
}

/**
 * Hands a day's reports to a load instance (src/server/ingest/workflows/report-day-load.ts), marked loading
 * first so the next run neither starts them again nor moves a cursor past them. An instance that cannot be
 * started is recorded failed and retried on the next run.
 */
async function startDayLoad(
  ctx: SyncContext,
  loads: Workflow,
  scope: ReportScope,
  day: string,
  reports: PendingReport[],
): Promise<ReportRecord[]> {
  const id = `reports-${day}-${crypto.randomUUID()}`;
  const pending = reports.map((p) => recordOf(p, { status: 'loading', reason: null, rows: 0 }));
  await markLoading(ctx.db, scope.key, pending, id, nowSeconds(ctx));
  try {
    await loads.create({ id, params: { scope, day, reports, now: ctx.now, vars: ctx.loadVars } satisfies ReportDayParams });
    syncInfo(`reports: ${scopeLabel(scope)} ${day}: ${reports.length} reports handed to load ${id}`);
    return pending;
  } catch (error) {
    const failed = reports.map((p) => recordOf(p, { status: 'failed', reason: `could not start the load: ${errorText(error)}`, rows: 0 }));
    await recordReports(ctx.db, scope.key, failed, nowSeconds(ctx));
    syncWarn(`reports: ${scopeLabel(scope)} ${day}: could not start the load, the next run tries again: ${errorText(error)}`);
    return failed;
  }
}

/**
 * Pulls new reports for every content owner a live YouTube connection reaches, every network with a CMS
 * content owner (its channels join that network), and every partner-connected channel; with the settings'
 * token and no content owner at all, for that account's own channel (connections.ts, reportScopes).
 */
export async function syncReports(ctx: SyncContext): Promise<ReportsSummary> {
  const summary: ReportsSummary = { scopes: 0, createdJobs: [], records: [] };
  const owners = await getContentOwners(ctx.db);
  const scopes = await reportScopes(ctx, owners);
  if (scopes.length === 0) return summary;
  // Before listing: the reports of a load that will never record them are failed again, so this run starts them.
  if (ctx.loads) await settleLostLoads(ctx.db, ctx.loads, nowSeconds(ctx), ctx.settings.reportLoadStaleSeconds);
  for (const scope of scopes) {
    try {
      const api = await reportingFor(ctx, scope);
      if (!api) throw new Error('its connection cannot be used (see the connections page)');
      await syncScope(ctx, api, scope, summary);
      summary.scopes += 1;
    } catch (error) {
      syncWarn(`reports: ${scopeLabel(scope)} skipped: ${errorText(error)}`);
    }
  }
  syncInfo(`reports: ${summary.records.length} report files handled in ${summary.scopes} scopes`);
  return summary;
}
