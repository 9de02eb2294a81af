// POST /api/admin/partner-move: the operator's steps of moving a network's partner facts from the shared D1
// into its store (src/server/partner-store/move-network.ts; docs/partner-store.md "Switching an install to
// stores"). Each phase runs in the mode that makes it safe: `copy` while the install still reads and
// writes the shared D1 (so nothing writes the store meanwhile), `prune` once it reads the stores.
import * as z from 'zod';
import { all, first } from '../db/query';
import { raw } from '../db/sql';
import { badRequest, conflict } from '../http/errors';
import { networkStoreDb, partnerStoreMode, type PartnerStoreEnv, type PartnerStoreMode } from '../partner-store';
import {
  checkNetwork,
  MOVE_ACTIONS,
  MOVE_PAGE_ROWS,
  MOVE_PAGE_ROWS_MAX,
  MoveCursorError,
  moveStep,
  parseCursor,
  startCursor,
  type MoveCursor,
  type MoveStep,
  type TableCheck,
} from '../partner-store/move-network';
import { MOVED_TABLES } from '../partner-store/move-tables';
import { networkRefSchema, resolveNetwork } from './targets';

export const partnerMoveSchema = z.object({
  network: networkRefSchema,
  action: z.enum(MOVE_ACTIONS),
  cursor: z.string().max(2_000).optional(),
  limit: z.number().int().min(1).max(MOVE_PAGE_ROWS_MAX).default(MOVE_PAGE_ROWS),
});
export type PartnerMoveInput = z.infer<typeof partnerMoveSchema>;

export type PartnerMoveAnswer = MoveStep | { network_id: number; tables: TableCheck[]; differ: string[] };

/** The cursor to go on from: the one sent back (it must be this network's and action's), or a new one. */
function cursorFor(input: PartnerMoveInput, network: number, action: 'copy' | 'prune'): MoveCursor {
  if (input.cursor === undefined) return startCursor(network, action);
  let cursor: MoveCursor;
  try {
    cursor = parseCursor(input.cursor);
  } catch (error) {
    if (error instanceof MoveCursorError) throw badRequest(error.message);
    throw error;
  }
  const phases = action === 'copy' ? ['clear', 'copy'] : ['prune'];
  if (cursor.network !== network || !phases.includes(cursor.phase)) {
    throw badRequest(`cursor belongs to another network or action than ${action} of network ${network}: start again without it.`);
  }
  return cursor;
}

/** Where partner-move reads and writes: the Worker's bindings, or the local scripts' bridge to them. */
export interface MoveTarget {
  shared: D1Database;
  /** The install's PARTNER_STORE. */
  mode: PartnerStoreMode;
  /** A network's store whatever the mode; null without the NETWORK_STORE binding. */
  storeAt: ((networkId: number) => D1Database) | null;
}

/** The Worker's MoveTarget. */
export function moveTarget(env: PartnerStoreEnv): MoveTarget {
  return { shared: env.DB, mode: partnerStoreMode(env), storeAt: env.NETWORK_STORE ? (id) => networkStoreDb(env, id) : null };
}

/**
 * One step of partner-move for a network: a check, or one page of its copy or prune.
 * @example await partnerMove(moveTarget(c.env), { network: 'acme', action: 'copy', limit: 2000 })
 */
export async function partnerMove(target: MoveTarget, input: PartnerMoveInput): Promise<PartnerMoveAnswer> {
  const { shared, mode, storeAt } = target;
  if (!storeAt) throw conflict('partner-move needs the NETWORK_STORE Durable Object binding (wrangler.toml).');
  const { id } = await resolveNetwork(shared, String(input.network));
  const store = storeAt(id);
  if (input.action === 'check') return { network_id: id, ...(await checkNetwork(shared, store, id)) };
  if (input.action === 'copy') {
    if (mode !== 'shared') {
      throw conflict(
        'copy runs while PARTNER_STORE is shared, so no import writes the store meanwhile: the install already reads its stores.',
      );
    }
    if (input.cursor === undefined) await beginCopy(shared, id);
    return (await moveStep(shared, store, cursorFor(input, id, 'copy'), input.limit)).step;
  }
  if (mode !== 'objects') {
    throw conflict('prune deletes the shared D1 rows the install still reads: deploy PARTNER_STORE=objects first.');
  }
  if (input.cursor === undefined) {
    const { differ } = await checkNetwork(shared, store, id);
    if (differ.length > 0) {
      throw conflict(`network ${id}'s store does not hold the shared D1's rows of ${differ.join(', ')}: run copy again before prune.`);
    }
  }
  return (await moveStep(shared, store, cursorFor(input, id, 'prune'), input.limit)).step;
}

/** Networks partner-move lists at most, for a move of every network. */
export const MOVE_NETWORKS_MAX = 10_000;

/** Some partner row of network `n.id` is in the shared D1: one indexed probe per moved table. */
const HAS_PARTNER_ROWS = MOVED_TABLES.filter((t) => !t.catalogue)
  .map((t) => `EXISTS (SELECT 1 FROM ${t.name} WHERE ${t.owner('n.id')})`)
  .join(' OR ');

/**
 * The networks with partner rows in the shared D1, in id order, for a move of every network (networks
 * holding only public channels have nothing to move and get no store).
 * @example const list = await moveNetworks(env.DB)
 */
export async function moveNetworks(shared: D1Database): Promise<Array<{ network_id: number; slug: string }>> {
  return all(
    shared,
    raw(`SELECT n.id AS network_id, n.slug FROM networks AS n WHERE ${HAS_PARTNER_ROWS} ORDER BY n.id LIMIT ?1`, MOVE_NETWORKS_MAX),
    'sql',
  );
}

/**
 * Before a copy's first page: no import may be half-way (its staged parts would be left behind), and the
 * store is recorded in network_stores, as the importer records it before its first write.
 */
async function beginCopy(shared: D1Database, network: number): Promise<void> {
  const staged = await first<{ n: number }>(shared, raw('SELECT count(*) AS n FROM import_staged'), 'sql');
  if ((staged?.n ?? 0) > 0) throw conflict('an import is running (its parts are staged): copy once it has finished.');
  await shared
    .prepare('INSERT INTO network_stores (network_id, opened_at) VALUES (?1, unixepoch()) ON CONFLICT DO NOTHING')
    .bind(network)
    .run();
}
