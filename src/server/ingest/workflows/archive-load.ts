// The Workflow that loads archived files for an operator (wrangler.toml ARCHIVE_LOADS): an upload, a replayed
// page of days or files posted to /api/admin/import, in the steps a day's sync load takes (docs/sync.md, "Loading").
// A class of its own rather than ReportDayLoad generalised: that one starts from Google's listing (downloads,
// companions, sync_reports records, the hourly run's clock); this one starts from files already in the archive and
// answers the operator, so the two share their load steps (loadArchivedGroup) and nothing else.
import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep } from 'cloudflare:workers';
import type { Bindings } from '../../env';
import { importTarget } from '../import-target';
import { trackedSteps } from '../archive/load-progress';
import { runOperatorLoad, type OperatorLoadOutput, type OperatorLoadParams } from '../archive/operator-load';
import { reportStep } from './report-day-load';
import { instanceSteps } from './steps';
import { inLogContext } from '../../log/context';
import { logLoadDone, operatorLoadCounts } from './load-log';

export class ArchiveLoad extends WorkflowEntrypoint<Bindings, OperatorLoadParams> {
  // Every line of the instance carries its id, the one its progress is kept under; a step's lines its name too.
  run(event: Readonly<WorkflowEvent<OperatorLoadParams>>, step: WorkflowStep): Promise<OperatorLoadOutput> {
    return inLogContext({ run_id: event.instanceId }, () => this.load(event, step));
  }

  private async load(event: Readonly<WorkflowEvent<OperatorLoadParams>>, step: WorkflowStep): Promise<OperatorLoadOutput> {
    const params = event.payload;
    // Retried as a day's report load is: a few times with backoff, each step up to 10 minutes.
    const config = reportStep(params.retrySeconds);
    const engine = instanceSteps(step, config, event.instanceId);
    const target = { ...importTarget(this.env), bucket: this.env.REPORTS };
    const output = await runOperatorLoad(target, params, trackedSteps(engine, this.env.KV, event.instanceId));
    logLoadDone('operator_load.done', event.instanceId, operatorLoadCounts(output, Date.now() - event.timestamp.getTime()));
    return output;
  }
}
