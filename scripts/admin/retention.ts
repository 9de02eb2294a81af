// `npm run admin -- retention`: prunes daily public snapshots past the window, the same pass the hourly run
// makes, as far as asked, on the local state or through the admin API (--remote).
import { snapshotDaysSetting } from '../../src/server/env.ts';
import { pruneSnapshots } from '../../src/server/ingest/retention/prune.ts';
import { readLocalVar } from '../lib/local-vars.ts';
import type { AdminChannel } from './channel.ts';

interface RetentionAnswer {
  window_start: string | null;
  cutoff: string | null;
  deleted: number;
  statements: number;
  pass_done: boolean;
}

/**
 * Runs the pass (at most `statements` statements) and answers the line saying what it removed and whether
 * the pass goes on.
 * @example await retention(localState(ROOT, '.wrangler/state'), { statements: 50, fromStart: false })
 */
export async function retention(channel: AdminChannel, options: { statements: number; fromStart: boolean }): Promise<string> {
  const started = Date.now();
  const data =
    'remote' in channel
      ? await channel.remote<RetentionAnswer>('retention', { statements: options.statements, from_start: options.fromStart })
      : await retentionLocal(channel, options);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (!data.window_start) return 'no snapshots are rolled up yet: nothing to prune.';
  if (!data.cutoff)
    return `daily window starts ${data.window_start}; the last pass is done and the window has not moved: nothing to prune.`;
  const state = data.pass_done ? 'the pass is done' : 'the pass goes on: run it again';
  return `daily window starts ${data.window_start}: removed ${data.deleted} snapshots before ${data.cutoff} in ${data.statements} statements, ${seconds} s; ${state}.`;
}

/** The pass on the local database, with the window the local server has (environment, else .dev.vars). */
async function retentionLocal(
  channel: Exclude<AdminChannel, { remote: unknown }>,
  options: { statements: number; fromStart: boolean },
): Promise<RetentionAnswer> {
  const windowDays = snapshotDaysSetting(process.env.PUBLIC_SNAPSHOT_DAYS ?? readLocalVar(channel.root, 'PUBLIC_SNAPSHOT_DAYS'));
  return channel.local(async (local) => {
    const now = Math.floor(Date.now() / 1000);
    const done = await pruneSnapshots(local.db, { windowDays, now, statements: options.statements, fromStart: options.fromStart });
    return {
      window_start: done.windowStart,
      cutoff: done.cutoff,
      deleted: done.deleted,
      statements: done.statements,
      pass_done: done.passDone,
    };
  });
}
