// Restoring a network's store to a past moment (docs/backup.md, "Network stores: point-in-time recovery"):
// the bounds of the moment, then, in this order, the bookmark of now (the way back), the moment's
// bookmark, the restore scheduled, and the object restarted onto it.
import * as z from 'zod';
import { first } from '../db/query';
import { raw } from '../db/sql';
import { badRequest, conflict, unavailable } from '../http/errors';
import { bucketSchema } from '../partner-store';
import { networkRefSchema } from './targets';
import { STORE_HISTORY_DAYS, type StoreHistory } from '../partner-store/store-history';

const DAY_MS = 86_400_000;
/**
 * Kept between the oldest moment asked and the edge of the 30 days, so the moment is still inside them when
 * the store reads it (the command line checks first, then the server, then the store).
 */
export const HISTORY_EDGE_MS = 10 * 60_000;
/** What the local runtime (workerd) answers the history calls: it keeps no history of objects. */
const NO_HISTORY_HERE = 'does not implement point-in-time recovery';
/** The reason the object restarts with: the error its restart call answers, on Cloudflare as locally. */
export const RESTART_REASON = 'restarting onto a restored bookmark';

/** Bookmarks as Cloudflare writes them: groups of hex digits joined by dashes. */
const bookmarkSchema = z
  .string()
  .trim()
  .max(200)
  .regex(/^[0-9a-f]+(-[0-9a-f]+)+$/i, 'Give a bookmark a restore printed (hex digits and dashes).');

export const storeRestoreSchema = z
  .object({
    network: networkRefSchema,
    /** Which of the network's stores (a bucket: docs/partner-store.md, "A network larger than one store"). */
    bucket: z.coerce.number().pipe(bucketSchema).default(0),
    to: z.iso.datetime({ offset: true, message: 'Give the moment as an ISO time, e.g. 2026-11-27T08:00:00Z.' }).optional(),
    bookmark: bookmarkSchema.optional(),
  })
  .refine((b) => (b.to === undefined) !== (b.bookmark === undefined), {
    message: 'Give either to (an ISO time) or bookmark (one a restore printed), one of the two.',
  });

/** The moment's bounds, as a person reads them: none later than now, none older than the store's history. */
export function restoreWindow(nowMs: number): { earliest: number; latest: number } {
  return { earliest: nowMs - STORE_HISTORY_DAYS * DAY_MS + HISTORY_EDGE_MS, latest: nowMs };
}

/**
 * Why `toMs` cannot be restored to at `nowMs`, or null.
 * @example restoreTimeProblem(Date.parse('2030-01-01T00:00:00Z'), Date.parse('2026-11-27T08:00:00Z')) // '… is in the future …'
 */
export function restoreTimeProblem(toMs: number, nowMs: number): string | null {
  const { earliest, latest } = restoreWindow(nowMs);
  const iso = (ms: number) => new Date(ms).toISOString();
  if (!Number.isFinite(toMs)) return 'Give the moment as an ISO time, e.g. 2026-11-27T08:00:00Z.';
  if (toMs > latest) return `${iso(toMs)} is in the future (now is ${iso(nowMs)}): give a past moment.`;
  if (toMs < earliest)
    return `${iso(toMs)} is older than the ${STORE_HISTORY_DAYS} days a store's history keeps (the earliest is ${iso(earliest)}): rebuild the store from the archive instead (npm run admin -- replay).`;
  return null;
}

export interface StoreRestored {
  network_id: number;
  bucket: number;
  /** The moment asked, or null when restoring to a bookmark (an undo). */
  to: string | null;
  /** The store as it was before the restore: restoring to it undoes this one up to the restore itself. */
  now_bookmark: string;
  /** What the store was restored to. */
  bookmark: string;
  /** Cloudflare's bookmark of the moment just before the restore: `--bookmark` with it undoes the restore. */
  undo_bookmark: string;
  /** The store's size once restarted (bytes): it answered after the restore. */
  size_after: number;
}

/** The local runtime's refusal, as a message an operator acts on; any other error as it is. */
function noHistoryHere(error: unknown): never {
  if (error instanceof Error && error.message.includes(NO_HISTORY_HERE))
    throw unavailable(
      'This runtime keeps no history of network stores (local workerd refuses point-in-time recovery): restore a store on Cloudflare, or rebuild it here from the archive (npm run admin -- replay <network>). Nothing was changed.',
    );
  throw error;
}

/**
 * Restores a network's store (of `bucket`) to the moment `to` (ms) or to a bookmark a restore printed, and
 * restarts it onto it. Changes nothing when a bound or the store refuses before the restore is scheduled.
 * `storeAt` gives a new stub each time: a stub that saw its object restart answers nothing more.
 * @example const restored = await restoreStore(() => networkStoreHistory(env, 7), { networkId: 7, bucket: 0 }, { to: Date.parse(at) }, Date.now())
 */
export async function restoreStore(
  storeAt: () => StoreHistory,
  store: { networkId: number; bucket: number },
  target: { to: number } | { bookmark: string },
  nowMs: number,
): Promise<StoreRestored> {
  if ('to' in target) {
    const problem = restoreTimeProblem(target.to, nowMs);
    if (problem) throw badRequest(`to: ${problem}`);
  }
  const history = storeAt();
  const marks = await history.bookmarks('to' in target ? target.to : null).catch(noHistoryHere);
  const bookmark = 'to' in target ? marks.at : target.bookmark;
  if (!bookmark) throw new Error('the store answered no bookmark for the moment asked');
  const undo = await history.scheduleRestore(bookmark).catch(noHistoryHere);
  // The restart answers with its own reason as an error: the instance ended, as asked.
  await history.restart(RESTART_REASON).catch((error: unknown) => {
    if (!(error instanceof Error && error.message.includes(RESTART_REASON))) throw error;
  });
  // The next call starts the object again, which applies the scheduled restore before it answers.
  const sizeAfter = await storeAt().size();
  return {
    network_id: store.networkId,
    bucket: store.bucket,
    to: 'to' in target ? new Date(target.to).toISOString() : null,
    now_bookmark: marks.now,
    bookmark,
    undo_bookmark: undo,
    size_after: sizeAfter,
  };
}

/**
 * Refuses a network whose store was never opened (no partner fact ever written to it): nothing to restore,
 * and asking would create an empty object.
 */
export async function requireOpenedStore(db: D1Database, network: { id: number; label: string }, bucket = 0): Promise<void> {
  const opened = await first<{ id: number }>(db, raw('SELECT network_id AS id FROM network_stores WHERE network_id = ?', network.id));
  if (!opened) throw conflict(`${network.label} has no store yet (no partner fact was ever written to it): nothing to restore.`);
  if (bucket === 0) return;
  const used = await first<{ n: number }>(
    db,
    raw('SELECT count(*) AS n FROM channels WHERE network_id = ?1 AND store_bucket = ?2', network.id, bucket),
  );
  if (!used?.n) throw conflict(`no channel of ${network.label} is in bucket ${bucket}: that store holds none of its facts to restore.`);
}
