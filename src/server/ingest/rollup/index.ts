// Rollups: derived tables recomputed from the base tables, incrementally after each load or all at once.
import { rebuildPartnerMonthly, refreshPartnerMonthly } from './partner-monthly';
import { clearPending, readAllPending, readPendingPass } from './pending';
import { isEmptyPlan, planRefresh, type RollupChanges } from './plan';
import { refreshPublic } from './public';
import { rebuildAll } from './rebuild';
import { createRunner, type Runner } from './runner';
import { refreshTrends } from './trends';

export type { RollupChanges } from './plan';

/**
 * Where a refresh runs: the partner rollups in the database whose facts changed, the public ones in the
 * shared D1 (they read public data only, never a network store). On the default install both are the
 * shared D1; on a split install `facts` is a network's store (docs/partner-store.md).
 */
interface Runners {
  facts: Runner;
  public: Runner;
}

function runnersOf(facts: D1Database, shared: D1Database): Runners {
  const runner = createRunner(shared);
  return { facts: facts === shared ? runner : createRunner(facts), public: runner };
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
 * Nothing changed, nothing sent. `facts`: where the changed facts live; `shared`: the install's D1.
 * @example await refreshRollups(store, { channelDays }, env.DB)
 */
export async function refreshRollups(facts: D1Database, changes: RollupChanges, shared: D1Database = facts): Promise<RollupReport> {
  const started = Date.now();
  const runners = runnersOf(facts, shared);
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
 * In a network's store, its buckets refresh its partner rollups there before their marks go (partner
 * facts move no public figure), the public ones in `shared`.
 * @example const { buckets } = await refreshPendingRollups(env.DB)
 */
export async function refreshPendingRollups(facts: D1Database, shared: D1Database = facts): Promise<PendingReport> {
  const started = Date.now();
  const runners = runnersOf(facts, shared);
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
 * channel metadata edits): each network store's partner rollups, then the shared D1's (its own partner
 * rollups and the public ones), each computed once; on the default install there are no stores and the
 * shared D1 holds every fact. Each batch is bounded; readers see each bucket or period old or new.
 * Every database's marks are read before the shared rebuild reads any fact, so each fact they mark is
 * in it; they are cleared after it. A fact landing meanwhile keeps its mark for the next refresh.
 * @example await rebuildAllRollups(env.DB); await rebuildAllRollups(env.DB, [storeOf(1), storeOf(2)])
 */
export async function rebuildAllRollups(shared: D1Database, stores: readonly D1Database[] = []): Promise<RollupReport> {
  const started = Date.now();
  const marked: Array<{ runner: Runner; pending: Awaited<ReturnType<typeof readAllPending>> }> = [];
  for (const db of stores) {
    const runner = createRunner(db);
    marked.push({ runner, pending: await readAllPending(runner) });
    await rebuildPartnerMonthly(runner);
  }
  const runner = createRunner(shared);
  const pending = await readAllPending(runner);
  await rebuildAll(runner);
  await clearPending(runner, pending);
  for (const { runner: store, pending: marks } of marked) await clearPending(store, marks);
  const statements = marked.reduce((n, { runner: store }) => n + store.statements, runner.statements);
  return { statements, ms: Date.now() - started };
}
