// Moving a set of a network's channels from one bucket's store to another, online (`npm run admin --
// rebalance`, docs/partner-store.md "A network larger than one store"): `copy` makes the target store hold
// the channels' rows of the source store, `check` compares both, `flip` points channels.store_bucket in
// the shared D1 at the target (reads follow the column), `prune` deletes the rows from the source. Every
// copy or prune call does a bounded page of one table and answers where the next one starts.
import * as z from 'zod';
import { bucketSchema } from './index';
import { MOVE_PAGE_ROWS_MAX, tablePosition } from './move-network';
import { MOVED_TABLES } from './move-tables';
import { CHANNEL_TABLES, COPY_TABLES, countsIn, DELETE_TABLES, deletePage, readPage, writesOf, type TableCount } from './rebalance-tables';
import { channelHash } from '../ingest/load/channel-keys';
import { keyOf } from './table-rows';

/** Channels one rebalance moves at most: their ids travel as one JSON parameter of every statement. */
export const REBALANCE_CHANNELS_MAX = 1_000;

/** What a rebalance moves: channel ids (sorted, distinct) of a network, from one bucket to another. */
export interface Rebalance {
  network: number;
  from: number;
  to: number;
  channels: readonly number[];
}

/** The shared D1 and the two buckets' stores. */
export interface RebalanceStores {
  shared: D1Database;
  source: D1Database;
  target: D1Database;
}

const cursorSchema = z.object({
  network: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  from: bucketSchema,
  to: bucketSchema,
  /** channelsKey of the channel set, so a cursor is only taken back for the same channels. */
  channels: z.string().regex(/^\d+:[0-9a-f]{8}$/),
  phase: z.enum(['clear', 'copy', 'prune']),
  ...tablePosition,
});
export type RebalanceCursor = z.infer<typeof cursorSchema>;

/** A cursor the caller sent back that is not one this rebalance wrote. */
export class RebalanceCursorError extends Error {
  constructor(why: string) {
    super(`cursor ${why}: start again without it.`);
    this.name = 'RebalanceCursorError';
  }
}

/** A short fingerprint of a channel set (count and a 32-bit hash of the ids), carried by its cursors. */
export function channelsKey(channels: readonly number[]): string {
  return `${channels.length}:${channelHash(channels.join(',')).toString(16).padStart(8, '0')}`;
}

const phasesOf = { copy: ['clear', 'copy'], prune: ['prune'] } as const;
const tablesOf = (phase: RebalanceCursor['phase']) => (phase === 'copy' ? COPY_TABLES : DELETE_TABLES);

/**
 * The cursor a previous call of `action` answered for this rebalance, checked to be one it wrote.
 * @example const cursor = parseRebalanceCursor(body.cursor, plan, 'copy')
 */
export function parseRebalanceCursor(text: string, plan: Rebalance, action: 'copy' | 'prune'): RebalanceCursor {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new RebalanceCursorError('is not one rebalance answered');
  }
  const parsed = cursorSchema.safeParse(value);
  if (!parsed.success) throw new RebalanceCursorError('is not one rebalance answered');
  const c = parsed.data;
  const table = MOVED_TABLES[c.table];
  const phases: readonly string[] = phasesOf[action];
  if (!phases.includes(c.phase) || !tablesOf(c.phase).includes(c.table) || (c.after && c.after.length !== table?.key.length)) {
    throw new RebalanceCursorError(`is not one ${action} answered`);
  }
  if (c.network !== plan.network || c.from !== plan.from || c.to !== plan.to || c.channels !== channelsKey(plan.channels)) {
    throw new RebalanceCursorError(
      `belongs to another rebalance than network ${plan.network}'s channels from bucket ${plan.from} to ${plan.to}`,
    );
  }
  return c;
}

/** The first cursor of a copy (the target's rows of the channels cleared first) or of a prune. */
export function startRebalanceCursor(plan: Rebalance, action: 'copy' | 'prune'): RebalanceCursor {
  const phase = action === 'copy' ? 'clear' : 'prune';
  const base = { network: plan.network, from: plan.from, to: plan.to, channels: channelsKey(plan.channels) };
  return { ...base, phase, table: tablesOf(phase)[0] ?? 0, after: null };
}

export interface RebalanceStep {
  phase: RebalanceCursor['phase'];
  table: string;
  /** Rows this call copied, or deleted (clear: in the target store; prune: in the source store). */
  rows: number;
  /** The cursor of the next call, or null when the action is done. */
  next: string | null;
}

/** The cursor once a table is done: the phase's next table, the copy after the clear, or null. */
function advance(cursor: RebalanceCursor): RebalanceCursor | null {
  const tables = tablesOf(cursor.phase);
  const next = tables[tables.indexOf(cursor.table) + 1];
  if (next !== undefined) return { ...cursor, table: next, after: null };
  if (cursor.phase === 'clear') return { ...cursor, phase: 'copy', table: COPY_TABLES[0] ?? 0, after: null };
  return null;
}

/**
 * One bounded step of a copy or prune: a page of one table. `clear` deletes the channels' rows in the
 * target (a copy that starts again starts clean), `copy` upserts the catalogue from the shared D1 and then
 * the channels' rows from the source store into the target, `prune` deletes them from the source.
 * @example let c: RebalanceCursor | null = startRebalanceCursor(plan, 'copy'); while (c) c = (await rebalanceStep(stores, plan, c, 2000)).cursor
 */
export async function rebalanceStep(
  stores: RebalanceStores,
  plan: Rebalance,
  cursor: RebalanceCursor,
  limit: number,
): Promise<{ step: RebalanceStep; cursor: RebalanceCursor | null }> {
  const t = MOVED_TABLES[cursor.table];
  if (!t) throw new RebalanceCursorError('is not one rebalance answered');
  const channels = JSON.stringify(plan.channels);
  const page = Math.min(Math.max(1, Math.trunc(limit)), MOVE_PAGE_ROWS_MAX);
  let rows: number;
  let next: RebalanceCursor | null;
  if (cursor.phase === 'copy') {
    const from = t.catalogue ? stores.shared : stores.source;
    const read = await readPage(from, t, { network: plan.network, channels }, cursor.after, page);
    if (read.length) await stores.target.batch(await writesOf(stores.source, stores.target, t, read));
    rows = read.length;
    const last = read.at(-1);
    next = read.length === page && last ? { ...cursor, after: keyOf(t, last) } : advance(cursor);
  } else {
    rows = await deletePage(cursor.phase === 'clear' ? stores.target : stores.source, t, channels, page);
    next = rows === page ? cursor : advance(cursor);
  }
  return { step: { phase: cursor.phase, table: t.name, rows, next: next ? JSON.stringify(next) : null }, cursor: next };
}

export interface RebalanceTableCheck {
  table: string;
  source: TableCount;
  target: TableCount;
}

/**
 * Each channel table's rows of the channels (and money sum) in the source and the target store, the files
 * their slices name, and the tables where the two differ.
 * @example const { differ } = await checkRebalance(stores, plan) // [] once copied
 */
export async function checkRebalance(
  stores: Pick<RebalanceStores, 'source' | 'target'>,
  plan: Rebalance,
): Promise<{ tables: RebalanceTableCheck[]; differ: string[] }> {
  const channels = JSON.stringify(plan.channels);
  const checked = MOVED_TABLES.filter((t, i) => CHANNEL_TABLES.includes(i) || t.name === 'report_files');
  // Both stores at once: each is single-threaded, so the pair costs the slower of the two.
  const [source, target] = await Promise.all([countsIn(stores.source, checked, channels), countsIn(stores.target, checked, channels)]);
  const tables = checked.map((t, i) => ({
    table: t.name,
    source: source[i] ?? { rows: 0, money: null },
    target: target[i] ?? { rows: 0, money: null },
  }));
  const differ = tables.filter((c) => c.source.rows !== c.target.rows || c.source.money !== c.target.money).map((c) => c.table);
  return { tables, differ };
}
