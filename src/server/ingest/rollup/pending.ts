// rollup_pending: the (channel, month) buckets a load marked in its own batch, refreshed and then cleared.
import { chunk, readRows, runBatch, type Runner } from './runner';
import { raw } from '../../db/sql';

/** A pending bucket and the version of its mark that was read. */
export interface PendingBucket {
  channelId: number;
  month: string;
  version: number;
}

/** Buckets one refresh pass reads: every statement of the pass stays bounded, a cut-off pass loses little. */
export const PENDING_BUCKETS_PER_PASS = 2_000;

// ?1, ?2: the last key read (keyset paging, so buckets marked again during a pass wait for the next run).
const READ_PASS = `SELECT channel_id AS channelId, month, version FROM rollup_pending
WHERE channel_id > ?1 OR (channel_id = ?1 AND month > ?2)
ORDER BY channel_id, month LIMIT ?3`;

// ?1: JSON [[channel_id, month, version]]; a bucket marked again since it was read keeps its newer mark.
const CLEAR = `DELETE FROM rollup_pending WHERE (channel_id, month, version) IN (
  SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(?1))`;

/** The next pass of pending buckets after the key (channel 0, '' for the first). */
export function readPendingPass(runner: Runner, after: { channelId: number; month: string }): Promise<PendingBucket[]> {
  return readRows<PendingBucket>(runner, raw(READ_PASS, after.channelId, after.month, PENDING_BUCKETS_PER_PASS));
}

/** Every pending bucket (a full rebuild clears what was pending when it started). */
export async function readAllPending(runner: Runner): Promise<PendingBucket[]> {
  const all: PendingBucket[] = [];
  let after = { channelId: 0, month: '' };
  for (;;) {
    const pass = await readPendingPass(runner, after);
    all.push(...pass);
    const last = pass.at(-1);
    if (!last || pass.length < PENDING_BUCKETS_PER_PASS) return all;
    after = last;
  }
}

/** Deletes the marks read, once what they asked for is rebuilt; marks made since then stay. */
export async function clearPending(runner: Runner, buckets: readonly PendingBucket[]): Promise<void> {
  for (const part of chunk(buckets, PENDING_BUCKETS_PER_PASS)) {
    await runBatch(runner, [raw(CLEAR, JSON.stringify(part.map((b) => [b.channelId, b.month, b.version])))]);
  }
}
