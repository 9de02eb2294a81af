// `npm run admin -- rollups`: refreshes the rollups loads left pending, then rebuilds them all if asked,
// on the local state or through the admin API (--remote).
import { refreshRollups } from '../../src/server/ingest/run-import.ts';
import type { AdminChannel } from './channel.ts';

interface RollupsAnswer {
  pending_buckets: number;
  rebuilt: boolean;
  statements: number;
}

/**
 * Says where and what it is about to do, does it, and answers the summary line.
 * @example await rollups(localState(ROOT, '.wrangler/state'), true, console.log)
 */
export async function rollups(channel: AdminChannel, rebuild: boolean, say: (line: string) => void): Promise<string> {
  const started = Date.now();
  const where =
    'remote' in channel
      ? `${channel.origin} (one request: a rebuild there can take minutes)`
      : `the local state under ${channel.persistTo}`;
  say(`${rebuild ? 'refreshing pending rollups, then rebuilding every rollup' : 'refreshing pending rollups'} on ${where} ...`);
  const data =
    'remote' in channel
      ? await channel.remote<RollupsAnswer>('rollups', { rebuild })
      : await channel.local(async (local): Promise<RollupsAnswer> => {
          // local carries each network's store when the install splits partner data by network.
          const done = await refreshRollups(local, { rebuild, say });
          return { pending_buckets: done.pendingBuckets, rebuilt: done.rebuilt, statements: done.statements };
        });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const pending = data.pending_buckets === 0 ? 'nothing was pending' : `refreshed ${data.pending_buckets} pending channel months`;
  return `${pending}${data.rebuilt ? '; rebuilt every rollup' : ''} (${data.statements} statements, ${seconds} s).`;
}
