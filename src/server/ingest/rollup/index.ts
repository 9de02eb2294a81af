// Rollups: derived tables recomputed from the base tables, incrementally after each load or all at once.
import { refreshPartnerMonthly } from './partner-monthly';
import { isEmptyPlan, planRefresh, type RollupChanges } from './plan';
import { refreshPublic } from './public';
import { rebuildAll } from './rebuild';
import { createRunner } from './runner';
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
  const plan = planRefresh(changes);
  const runner = createRunner(db);
  if (!isEmptyPlan(plan)) {
    await refreshPartnerMonthly(runner, plan.buckets);
    await refreshPublic(runner, plan);
    await refreshTrends(runner, plan.trendHours);
  }
  return { statements: runner.statements, ms: Date.now() - started };
}

/**
 * Recomputes every rollup from the base tables (after the demo load, by the admin command, after
 * channel metadata edits). Each batch is bounded; readers see each bucket or period old or new.
 * @example const { ms } = await rebuildAllRollups(env.DB)
 */
export async function rebuildAllRollups(db: D1Database): Promise<RollupReport> {
  const started = Date.now();
  const runner = createRunner(db);
  await rebuildAll(runner);
  return { statements: runner.statements, ms: Date.now() - started };
}
