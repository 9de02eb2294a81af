// Rollups: derived tables recomputed from the base tables, incrementally after each load or all at once.
import type { StoreOf } from '../load/import-session';
import { rebuildPartnerMonthly, refreshPartnerMonthly } from './partner-monthly';
import { clearPending, readAllPending, readPendingPass } from './pending';
import { isEmptyPlan, planRefresh, type RollupChanges } from './plan';
import { refreshPublic } from './public';
import { rebuildAll } from './rebuild';
import { createRunner, type Runner } from './runner';
import { refreshTrends } from './trends';

export type { RollupChanges } from './plan';

/**
 * A split install (docs/partner-store.md): the shared D1, which holds the public data (and the facts
 * of channels of no network), and each network's store. Given to a refresh of any of them, the public
 * rollups run in the shared D1 and read partner facts from the stores; a store refreshes only its
 * partner monthly rollups (it holds no snapshots).
 */
export interface SplitRollups {
  shared: D1Database;
  storeOf: StoreOf;
}

/** Where a refresh of db runs: its partner rollups there, its public ones in the shared D1 (the same runner unless split). */
interface Runners {
  facts: Runner;
  public: Runner;
}

function runnersOf(db: D1Database, split: SplitRollups | undefined): Runners {
  if (!split) {
    const runner = createRunner(db);
    return { facts: runner, public: runner };
  }
  const shared = createRunner(split.shared, { storeOf: split.storeOf });
  return { facts: db === split.shared ? shared : createRunner(db), public: shared };
}

const statementsOf = ({ facts, public: shared }: Runners) => facts.statements + (shared === facts ? 0 : shared.statements);

/** What a refresh did: statements sent to D1 and the time it took. */
export interface RollupReport {
  statements: number;
  ms: number;
}

/**
 * Recomputes what depends on the changed keys: partner monthly buckets, public history, channel_now,
 * rankings, network and global totals of the periods touched, trend previous and best positions.
 * Nothing changed, nothing sent. Split, give the install's stores (see SplitRollups).
 * @example await refreshRollups(env.DB, { snapshotDays: ['2026-11-20'], trendHours: [{ country: 'US', hour }] })
 */
export async function refreshRollups(db: D1Database, changes: RollupChanges, split?: SplitRollups): Promise<RollupReport> {
  const started = Date.now();
  const runners = runnersOf(db, split);
  await refreshWith(runners, changes);
  return { statements: statementsOf(runners), ms: Date.now() - started };
}

async function refreshWith(runners: Runners, changes: RollupChanges): Promise<void> {
  const plan = planRefresh(changes);
  if (isEmptyPlan(plan)) return;
  await refreshPartnerMonthly(runners.facts, plan.buckets);
  await refreshPublic(runners.public, plan);
  await refreshTrends(runners.public, plan.trendHours);
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
 * Split, a store's buckets refresh its partner rollups there and the public estimates of those
 * channels and months in the shared D1, before their marks go.
 * @example const { buckets } = await refreshPendingRollups(env.DB)
 */
export async function refreshPendingRollups(db: D1Database, split?: SplitRollups): Promise<PendingReport> {
  const started = Date.now();
  const runners = runnersOf(db, split);
  let buckets = 0;
  let after = { channelId: 0, month: '' };
  for (;;) {
    const pass = await readPendingPass(runners.facts, after);
    const last = pass.at(-1);
    if (!last) break;
    await refreshWith(runners, { channelMonths: pass });
    await clearPending(runners.facts, pass);
    buckets += pass.length;
    after = last;
  }
  return { buckets, statements: statementsOf(runners), ms: Date.now() - started };
}

/**
 * Recomputes every rollup from the base tables (after the demo load, by the admin command, after
 * channel metadata edits). Each batch is bounded; readers see each bucket or period old or new.
 * Split, the shared D1's public rollups read the stores' facts, and a store rebuilds its partner
 * rollups only.
 * @example const { ms } = await rebuildAllRollups(env.DB)
 */
export async function rebuildAllRollups(db: D1Database, split?: SplitRollups): Promise<RollupReport> {
  const started = Date.now();
  const runners = runnersOf(db, split);
  const { facts } = runners;
  // Read first: a bucket marked while the rebuild runs may have been read before its facts landed.
  const pending = await readAllPending(facts);
  if (split && db !== split.shared) {
    await rebuildPartnerMonthly(facts);
    // The shared rebuild may have read these buckets' facts before they landed: their estimates again.
    await refreshPublic(runners.public, planRefresh({ channelMonths: pending }));
  } else await rebuildAll(facts);
  await clearPending(facts, pending);
  return { statements: statementsOf(runners), ms: Date.now() - started };
}
