// POST /api/admin/partner-move: the operator's steps of moving a network's partner facts from the shared D1
// into its store (src/server/partner-store/move-network.ts; docs/partner-store.md "Switching an install to
// stores"). Each phase runs in the mode that makes it safe: `copy` while the install still reads and
// writes the shared D1 (so nothing writes the store meanwhile), `prune` once it reads the stores.
import * as z from 'zod';
import type { Bindings } from '../env';
import { all, first } from '../db/query';
import { raw } from '../db/sql';
import { badRequest, conflict } from '../errors';
import { networkStoreDb, partnerStoreMode } from '../partner-store';
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
import { resolveNetwork } from './targets';

export const partnerMoveSchema = z.object({
  network: z.union([z.string().trim().min(1).max(100), z.number().int().positive().max(Number.MAX_SAFE_INTEGER)]),
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

/**
 * One step of partner-move for a network: a check, or one page of its copy or prune.
 * @example await partnerMove(c.env, { network: 'acme', action: 'copy', limit: 2000 })
 */
export async function partnerMove(env: Bindings, input: PartnerMoveInput): Promise<PartnerMoveAnswer> {
  if (!env.NETWORK_STORE) throw conflict('partner-move needs the NETWORK_STORE Durable Object binding (wrangler.toml).');
  const { id } = await resolveNetwork(env.DB, String(input.network));
  const store = networkStoreDb(env, id);
  const mode = partnerStoreMode(env);
  if (input.action === 'check') return { network_id: id, ...(await checkNetwork(env.DB, store, id)) };
  if (input.action === 'copy') {
    if (mode !== 'shared') {
      throw conflict(
        'copy runs while PARTNER_STORE is shared, so no import writes the store meanwhile: the install already reads its stores.',
      );
    }
    if (input.cursor === undefined) await beginCopy(env.DB, id);
    return (await moveStep(env.DB, store, cursorFor(input, id, 'copy'), input.limit)).step;
  }
  if (mode !== 'objects') {
    throw conflict('prune deletes the shared D1 rows the install still reads: deploy PARTNER_STORE=objects first.');
  }
  if (input.cursor === undefined) {
    const { differ } = await checkNetwork(env.DB, store, id);
    if (differ.length > 0) {
      throw conflict(`network ${id}'s store does not hold the shared D1's rows of ${differ.join(', ')}: run copy again before prune.`);
    }
  }
  return (await moveStep(env.DB, store, cursorFor(input, id, 'prune'), input.limit)).step;
}

/** Networks partner-move has rows to carry for: those with channels, at most this many per answer. */
export const MOVE_NETWORKS_MAX = 10_000;

/**
 * The networks that own channels, in id order, for a move of every network.
 * @example const list = await moveNetworks(env.DB)
 */
export async function moveNetworks(shared: D1Database): Promise<Array<{ network_id: number; slug: string; channels: number }>> {
  return all(
    shared,
    raw(
      `SELECT n.id AS network_id, n.slug, count(*) AS channels FROM networks AS n JOIN channels AS c ON c.network_id = n.id
       GROUP BY n.id ORDER BY n.id LIMIT ?1`,
      MOVE_NETWORKS_MAX,
    ),
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
