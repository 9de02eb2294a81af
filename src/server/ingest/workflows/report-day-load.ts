// The Workflow that loads one day of a scope's reports (wrangler.toml REPORT_LOADS): the hourly run lists
// reports and starts one instance per day; the instance archives each file into R2, loads them and records
// the outcome, each part a durable step the engine retries with backoff (docs/sync.md, "Loading").
import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep, type WorkflowStepConfig } from 'cloudflare:workers';
import type { Bindings } from '../../env';
import { getSyncSettings } from '../../google/settings';
import { loadReportDay, type ReportDayParams } from '../sync/report-day';
import { syncContext } from '../sync/run';
import { reportingFor } from '../sync/connections';
import { instanceSteps } from './steps';
import { inLogContext } from '../../log/context';
import { logLoadDone, reportLoadCounts } from './load-log';

/**
 * A step is tried 4 times, REPORT_RETRY_SECONDS (30 s) then twice as long each time apart (Google or R2
 * hiccups pass; a file that keeps failing stops and is recorded failed, and the hourly run starts it again
 * until MAX_REPORT_ATTEMPTS). A step may run 10 minutes: a large file's download or load is long in wall
 * time, not in CPU.
 */
export const reportStep = (retrySeconds: number): WorkflowStepConfig => ({
  retries: { limit: 3, delay: `${retrySeconds} seconds`, backoff: 'exponential' },
  timeout: '10 minutes',
});

export class ReportDayLoad extends WorkflowEntrypoint<Bindings, ReportDayParams> {
  // Every line of the instance carries its id (the one `wrangler workflows instances describe` takes); a
  // step's lines its name too (instanceSteps).
  run(event: Readonly<WorkflowEvent<ReportDayParams>>, step: WorkflowStep): Promise<{ statuses: string[] }> {
    return inLogContext({ run_id: event.instanceId }, () => this.load(event, step));
  }

  private async load(event: Readonly<WorkflowEvent<ReportDayParams>>, step: WorkflowStep): Promise<{ statuses: string[] }> {
    const { scope, day, reports, now, vars } = event.payload;
    const env = { ...this.env, ...vars };
    const settings = getSyncSettings(env);
    const ctx = syncContext(env, settings, now);
    const config = reportStep(settings.reportRetrySeconds);
    // The engine keeps each step's result: a restarted instance resumes after the last finished step.
    const steps = instanceSteps(step, config, event.instanceId);
    const records = await loadReportDay(ctx, await reportingFor(ctx, scope), scope, day, reports, steps);
    logLoadDone('report_load.done', event.instanceId, reportLoadCounts(scope.key, day, records, Date.now() - event.timestamp.getTime()));
    return { statuses: records.map((r) => `${r.reportId}: ${r.status}`) };
  }
}
