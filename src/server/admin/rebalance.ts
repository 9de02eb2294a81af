// POST /api/admin/rebalance and /api/admin/rebalance/buckets: the operator's steps of moving some of a
// network's channels from one bucket's store to another (src/server/partner-store/rebalance.ts;
// docs/partner-store.md, "A network larger than one store"), and how many buckets new channels spread over.
// Everything is checked before any work: the install is split, the channels are the network's and where
// the action needs them (copy, flip: the source bucket; prune: the target one, flipped).
import * as z from 'zod';
import { all, first } from '../db/query';
import { raw } from '../db/sql';
import { badRequest, conflict, notFound } from '../http/errors';
import { bucketSchema, MAX_BUCKET, networkStoreDb, partnerStoreMode, type PartnerStoreEnv, type PartnerStoreMode } from '../partner-store';
import { MOVE_PAGE_ROWS, MOVE_PAGE_ROWS_MAX } from '../partner-store/move-network';
import {
  checkRebalance,
  parseRebalanceCursor,
  REBALANCE_CHANNELS_MAX,
  RebalanceCursorError,
  rebalanceStep,
  startRebalanceCursor,
  type Rebalance,
  type RebalanceStep,
  type RebalanceStores,
  type RebalanceTableCheck,
} from '../partner-store/rebalance';
import { networkRefSchema, resolveNetwork } from './targets';

export const REBALANCE_ACTIONS = ['copy', 'check', 'flip', 'prune'] as const;

export const rebalanceSchema = z
  .object({
    network: networkRefSchema,
    channels: z
      .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
      .min(1, 'Name the channels to move (channels.id numbers).')
      .max(REBALANCE_CHANNELS_MAX, `At most ${REBALANCE_CHANNELS_MAX} channels a rebalance: move the rest in another one.`),
    from: bucketSchema,
    to: bucketSchema,
    action: z.enum(REBALANCE_ACTIONS),
    cursor: z.string().max(2_000).optional(),
    limit: z.number().int().min(1).max(MOVE_PAGE_ROWS_MAX).default(MOVE_PAGE_ROWS),
  })
  .refine((body) => body.from !== body.to, { message: 'from and to are the same bucket: nothing to move.', path: ['to'] });
export type RebalanceInput = z.infer<typeof rebalanceSchema>;

export type RebalanceAnswer =
  | (RebalanceStep & { network_id: number })
  | { network_id: number; tables: RebalanceTableCheck[]; differ: string[]; reads_from: number | null }
  | { network_id: number; flipped: number; to: number };

/** Where rebalance reads and writes: the Worker's bindings, or the local scripts' bridge to them. */
export interface RebalanceTarget {
  shared: D1Database;
  mode: PartnerStoreMode;
  /** A network's bucket store; null without the NETWORK_STORE binding. */
  storeAt: ((networkId: number, bucket: number) => D1Database) | null;
}

/** The Worker's RebalanceTarget. */
export function rebalanceTarget(env: PartnerStoreEnv): RebalanceTarget {
  const storeAt = env.NETWORK_STORE ? (id: number, b: number) => networkStoreDb(env, id, b) : null;
  return { shared: env.DB, mode: partnerStoreMode(env), storeAt };
}

const list = (ids: number[]) => ids.slice(0, 10).join(', ') + (ids.length > 10 ? ` and ${ids.length - 10} more` : '');

/** The channels' buckets, once each is known to be one of the network's own channels (not its UGC one). */
async function bucketsOf(shared: D1Database, plan: Rebalance): Promise<Map<number, number>> {
  const rows = await all<{ id: number; network_id: number | null; bucket: number | null; is_ugc: number | null }>(
    shared,
    raw(
      `SELECT j.value AS id, c.network_id, c.store_bucket AS bucket, c.is_ugc FROM json_each(?1) AS j LEFT JOIN channels AS c ON c.id = j.value`,
      JSON.stringify(plan.channels),
    ),
    'sql',
  );
  const unknown = rows.filter((r) => r.bucket === null).map((r) => r.id);
  if (unknown.length) throw notFound(`No channel ${list(unknown)}: give channels.id numbers of network ${plan.network}'s channels.`);
  const others = rows.filter((r) => r.network_id !== plan.network).map((r) => r.id);
  if (others.length) throw badRequest(`Channels ${list(others)} are not network ${plan.network}'s: leave them out.`);
  const ugc = rows.filter((r) => r.is_ugc === 1).map((r) => r.id);
  if (ugc.length) throw badRequest(`Channel ${list(ugc)} is the network's UGC channel, which stays in bucket 0: leave it out.`);
  return new Map(rows.map((r) => [r.id, r.bucket ?? 0]));
}

/** Refuses unless every channel is in one of `buckets`; `why` says what to do instead. */
function requireIn(at: Map<number, number>, buckets: number[], why: string): void {
  const elsewhere = [...at].filter(([, b]) => !buckets.includes(b)).map(([id]) => id);
  if (elsewhere.length) throw conflict(`Channels ${list(elsewhere)} are not in bucket ${buckets.join(' or ')}: ${why}`);
}

/** No load may be half-way in either store: its staged parts would be written after the move. */
async function requireNoLoad(stores: RebalanceStores): Promise<void> {
  for (const db of [stores.source, stores.target]) {
    const staged = await first<{ n: number }>(db, raw('SELECT count(*) AS n FROM import_staged'), 'sql');
    if ((staged?.n ?? 0) > 0) throw conflict('a load is running in these stores (its parts are staged): rebalance once it has finished.');
  }
}

function cursorFor(input: RebalanceInput, plan: Rebalance, action: 'copy' | 'prune') {
  if (input.cursor === undefined) return startRebalanceCursor(plan, action);
  try {
    return parseRebalanceCursor(input.cursor, plan, action);
  } catch (error) {
    if (error instanceof RebalanceCursorError) throw badRequest(error.message);
    throw error;
  }
}

/**
 * One step of a rebalance: a check, the flip, or one page of its copy or prune.
 * @example await rebalance(rebalanceTarget(c.env), { network: 'acme', channels: [4, 9], from: 0, to: 1, action: 'copy', limit: 2000 })
 */
export async function rebalance(target: RebalanceTarget, input: RebalanceInput): Promise<RebalanceAnswer> {
  const { shared, mode, storeAt } = target;
  if (!storeAt) throw conflict('rebalance needs the NETWORK_STORE Durable Object binding (wrangler.toml).');
  if (mode !== 'objects')
    throw conflict('rebalance moves channels between network stores: this install keeps partner facts in the shared D1.');
  const { id } = await resolveNetwork(shared, String(input.network));
  const plan: Rebalance = { network: id, from: input.from, to: input.to, channels: [...new Set(input.channels)].sort((a, b) => a - b) };
  const at = await bucketsOf(shared, plan);
  const stores: RebalanceStores = { shared, source: storeAt(id, plan.from), target: storeAt(id, plan.to) };
  const { action } = input;
  if (action === 'check') {
    requireIn(at, [plan.from, plan.to], 'name the buckets they are moving between.');
    // The bucket reads follow for these channels (null while some are in each): where a rerun resumes.
    const buckets = new Set(at.values());
    const readsFrom = buckets.size === 1 ? (buckets.values().next().value ?? null) : null;
    return { network_id: id, ...(await checkRebalance(stores, plan)), reads_from: readsFrom };
  }
  if (action === 'flip') return { network_id: id, ...(await flip(stores, plan, at)), to: plan.to };
  if (action === 'copy') {
    requireIn(at, [plan.from], `copy reads them from bucket ${plan.from}.`);
    if (input.cursor === undefined) await beginCopy(stores, id);
  } else {
    requireIn(at, [plan.to], `prune deletes their rows from bucket ${plan.from} once reads follow bucket ${plan.to}: flip them first.`);
  }
  return { network_id: id, ...(await rebalanceStep(stores, plan, cursorFor(input, plan, action), input.limit)).step };
}

/** Before a copy's first page: no load half-way, and the network's store recorded as a copy load records it. */
async function beginCopy(stores: RebalanceStores, network: number): Promise<void> {
  await requireNoLoad(stores);
  await stores.shared
    .prepare('INSERT INTO network_stores (network_id, opened_at) VALUES (?1, unixepoch()) ON CONFLICT DO NOTHING')
    .bind(network)
    .run();
}

/**
 * Points the channels at the target bucket in one shared D1 statement, once the check finds the target
 * holding exactly the source's rows; the stores' copies of the channel rows follow (nothing reads them
 * there, but they then say the same). Flipped already: answers 0.
 */
async function flip(stores: RebalanceStores, plan: Rebalance, at: Map<number, number>): Promise<{ flipped: number }> {
  if ([...at.values()].every((b) => b === plan.to)) return { flipped: 0 };
  requireIn(at, [plan.from], 'a flip moves channels that are all in the source bucket.');
  await requireNoLoad(stores);
  const { differ } = await checkRebalance(stores, plan);
  if (differ.length)
    throw conflict(`bucket ${plan.to} does not hold the channels' rows of ${differ.join(', ')}: run copy (and check) again before flip.`);
  const channels = JSON.stringify(plan.channels);
  const { results } = await stores.shared
    .prepare(
      `UPDATE channels SET store_bucket = ?1 WHERE network_id = ?2 AND id IN (SELECT value FROM json_each(?3)) AND store_bucket = ?4 RETURNING id`,
    )
    .bind(plan.to, plan.network, channels, plan.from)
    .all();
  const copies = 'UPDATE channels SET store_bucket = ?1 WHERE id IN (SELECT value FROM json_each(?2))';
  await Promise.all([stores.target, stores.source].map((db) => db.prepare(copies).bind(plan.to, channels).run()));
  return { flipped: results.length };
}

export const storeBucketsSchema = z.object({
  network: networkRefSchema,
  count: z
    .number()
    .int()
    .min(1, `A network spreads over 1 to ${MAX_BUCKET + 1} buckets.`)
    .max(MAX_BUCKET + 1, `A network spreads over 1 to ${MAX_BUCKET + 1} buckets.`),
});

/**
 * Sets how many buckets the network's new channels are spread over (networks.store_buckets); channels
 * already created stay where they are. Answers the count before and the channels in each bucket now.
 * Refused (409) on an install whose partner facts are in the shared D1: a bucket means nothing there,
 * and partner-move copies a network into its first store.
 * @example await setStoreBuckets(env.DB, 'objects', { network: 'acme', count: 4 })
 */
export async function setStoreBuckets(shared: D1Database, mode: PartnerStoreMode, input: z.infer<typeof storeBucketsSchema>) {
  if (mode !== 'objects') {
    throw conflict('PARTNER_STORE is shared: a network is spread over several stores only once it has stores (partner-move first).');
  }
  const { id } = await resolveNetwork(shared, String(input.network));
  const before = await first<{ n: number }>(shared, raw('SELECT store_buckets AS n FROM networks WHERE id = ?1', id), 'sql');
  await shared.prepare('UPDATE networks SET store_buckets = ?1 WHERE id = ?2').bind(input.count, id).run();
  const channels = await all<{ bucket: number; channels: number }>(
    shared,
    raw('SELECT store_bucket AS bucket, count(*) AS channels FROM channels WHERE network_id = ?1 GROUP BY 1 ORDER BY 1', id),
    'sql',
  );
  return { network_id: id, store_buckets: input.count, before: before?.n ?? 1, channels };
}
