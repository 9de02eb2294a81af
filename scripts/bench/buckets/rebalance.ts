// The buckets benchmark's move through the product's own rebalance (src/server/partner-store/rebalance.ts):
// copy page by page, check, flip channels.store_bucket in the shared D1, prune the source, each timed.
import { MOVE_PAGE_ROWS } from '../../../src/server/partner-store/move-network';
import {
  checkRebalance,
  type Rebalance,
  type RebalanceCursor,
  type RebalanceStores,
  rebalanceStep,
  startRebalanceCursor,
} from '../../../src/server/partner-store/rebalance';

export interface RebalanceAnswer {
  channels: number;
  rows: { copied: number; pruned: number };
  calls: number;
  copyMs: number;
  checkMs: number;
  flipMs: number;
  pruneMs: number;
  differ: string[];
}

/** Every step of one action, answering its rows and calls. */
async function walk(stores: RebalanceStores, plan: Rebalance, action: 'copy' | 'prune'): Promise<{ rows: number; calls: number }> {
  let cursor: RebalanceCursor | null = startRebalanceCursor(plan, action);
  let rows = 0;
  let calls = 0;
  while (cursor) {
    const { step, cursor: next } = await rebalanceStep(stores, plan, cursor, MOVE_PAGE_ROWS);
    if (step.phase !== 'clear') rows += step.rows;
    calls += 1;
    cursor = next;
  }
  return { rows, calls };
}

/**
 * Moves the last `count` channels of bucket `from` to bucket `to` with rebalance.ts, as `admin -- rebalance`
 * drives it: copy, check (no table may differ), flip, prune.
 * @example await rebalanceChannels(env.SHARED, (b) => partnerDb(env, 1, b), { network: 1, from: 2, to: 3, count: 50 })
 */
export async function rebalanceChannels(
  shared: D1Database,
  bucketDb: (bucket: number) => D1Database,
  o: { network: number; from: number; to: number; count: number },
): Promise<RebalanceAnswer> {
  const { results } = await shared
    .prepare('SELECT id FROM channels WHERE network_id = ? AND store_bucket = ? ORDER BY id DESC LIMIT ?')
    .bind(o.network, o.from, o.count)
    .all<{ id: number }>();
  const plan: Rebalance = { network: o.network, from: o.from, to: o.to, channels: results.map((r) => r.id).sort((a, b) => a - b) };
  const stores: RebalanceStores = { shared, source: bucketDb(o.from), target: bucketDb(o.to) };
  let started = Date.now();
  const copied = await walk(stores, plan, 'copy');
  const copyMs = Date.now() - started;
  started = Date.now();
  const { differ } = await checkRebalance(stores, plan);
  const checkMs = Date.now() - started;
  if (differ.length > 0)
    return {
      channels: plan.channels.length,
      rows: { copied: copied.rows, pruned: 0 },
      calls: copied.calls,
      copyMs,
      checkMs,
      flipMs: 0,
      pruneMs: 0,
      differ,
    };
  started = Date.now();
  await shared
    .prepare('UPDATE channels SET store_bucket = ?1 WHERE network_id = ?2 AND id IN (SELECT value FROM json_each(?3))')
    .bind(o.to, o.network, JSON.stringify(plan.channels))
    .run();
  const flipMs = Date.now() - started;
  started = Date.now();
  const pruned = await walk(stores, plan, 'prune');
  const pruneMs = Date.now() - started;
  return {
    channels: plan.channels.length,
    rows: { copied: copied.rows, pruned: pruned.rows },
    calls: copied.calls + pruned.calls,
    copyMs,
    checkMs,
    flipMs,
    pruneMs,
    differ,
  };
}
