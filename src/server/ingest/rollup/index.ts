// Rollups: derived tables recomputed from the base tables, incrementally after each load or all at once.
import { refreshPartnerMonthly } from './partner-monthly';
import { clearPending, readAllPending, readPendingPass } from './pending';
import { isEmptyPlan, planRefresh, type RollupChanges } from './plan';
import { refreshPublic } from './public';
import { rebuildAll } from './rebuild';
import { createRunner, type Runner } from './runner';
import { refreshTrends } from './trends';

export type { RollupChanges } from './plan';

/** What a refresh did: statements sent to D1 and the time it took. */
export interface RollupReport {
  statements: number;
  ms: number;
}

/**
 * Recomputes what depends on the changed keys: partner monthly buckets, public history, channel_now,
 * rankings, network and global totals of the periods touched, trend previous and best positions.
 * Nothing changed, nothing sent.
 * @example await refreshRollups(env.DB, { snapshotDays: ['2026-11-20'], trendHours: [{ country: 'US', hour }] })
 */
export async function refreshRollups(db: D1Database, changes: RollupChanges): Promise<RollupReport> {
  const started = Date.now();
  const runner = createRunner(db);
  await refreshWith(runner, changes);
  return { statements: runner.statements, ms: Date.now() - started };
}

async function refreshWith(runner: Runner, changes: RollupChanges): Promise<void> {
  const plan = planRefresh(changes);
  if (isEmptyPlan(plan)) return;
  await refreshPartnerMonthly(runner, plan.buckets);
  await refreshPublic(runner, plan);
  await refreshTrends(runner, plan.trendHours);
}

/** What a refresh of the pending buckets did. */
export interface PendingReport extends RollupReport {
  /** Buckets refreshed and cleared. */
  buckets: number;
}

/**
 * Refreshes every (channel, month) a load marked in rollup_pending (in the batch that wrote its facts)
 * and clears each mark only after its bucket is rebuilt, pass by pass: a refresh cut off by a kill or
 * a limit leaves the rest marked for the next import, cron run or `npm run admin -- rollups`.
 * @example const { buckets } = await refreshPendingRollups(env.DB)
 */
export async function refreshPendingRollups(db: D1Database): Promise<PendingReport> {
  const started = Date.now();
  const runner = createRunner(db);
  let buckets = 0;
  let after = { channelId: 0, month: '' };
  for (;;) {
    const pass = await readPendingPass(runner, after);
    const last = pass.at(-1);
    if (!last) break;
    await refreshWith(runner, { channelMonths: pass });
    await clearPending(runner, pass);
    buckets += pass.length;
    after = last;
  }
  return { buckets, statements: runner.statements, ms: Date.now() - started };
}

/**
 * Recomputes every rollup from the base tables (after the demo load, by the admin command, after
 * channel metadata edits). Each batch is bounded; readers see each bucket or period old or new.
 * @example const { ms } = await rebuildAllRollups(env.DB)
 */
export async function rebuildAllRollups(db: D1Database): Promise<RollupReport> {
  const started = Date.now();
  const runner = createRunner(db);
  // Read first: a bucket marked while the rebuild runs may have been read before its facts landed.
  const pending = await readAllPending(runner);
  await rebuildAll(runner);
  await clearPending(runner, pending);
  return { statements: runner.statements, ms: Date.now() - started };
}
