// `npm run admin -- partner-move`: walks partner-move's steps (src/server/admin/partner-move.ts) for one
// network or every network, through a running instance's admin API or the local state's bridge, and says
// per network what was copied, pruned or found different.
import path from 'node:path';
import {
  moveNetworks,
  partnerMove,
  partnerMoveSchema,
  type MoveTarget,
  type PartnerMoveAnswer,
} from '../../src/server/admin/partner-move.ts';
import type { MoveStep, TableCheck } from '../../src/server/partner-store/move-network.ts';
import { writeSeededStore } from '../demo/load/seeded-store.ts';
import { localPartnerStore } from '../import/local-d1.ts';
import type { AdminChannel } from './channel.ts';

export type MoveAction = 'copy' | 'check' | 'prune';

/** A network's copy or prune says how far it is at most this often (a call moves one page of rows). */
const PROGRESS_EVERY_MS = 5_000;

/** How the command reaches partner-move: the admin API of an instance, or the local bindings. */
export interface MoveChannel {
  step(input: { network: number | string; action: MoveAction; cursor?: string; limit: number }): Promise<PartnerMoveAnswer>;
  networks(): Promise<Array<{ network_id: number; slug: string }>>;
}

/** The local state's channel: the same functions the route calls, on the bridge's databases. */
export function localChannel(target: MoveTarget): MoveChannel {
  return {
    step: (input) => partnerMove(target, partnerMoveSchema.parse(input)),
    networks: () => moveNetworks(target.shared),
  };
}

const isCheck = (a: PartnerMoveAnswer): a is { network_id: number; tables: TableCheck[]; differ: string[] } => 'differ' in a;

function describeDiffer(tables: TableCheck[], differ: string[]): string {
  return tables
    .filter((t) => differ.includes(t.table))
    .map((t) => `${t.table} (shared ${t.shared.rows} rows, store ${t.store.rows})`)
    .join(', ');
}

/** One network's whole action; answers its line and whether it went as asked. */
async function moveOne(
  channel: MoveChannel,
  network: { ref: number | string; name: string },
  action: MoveAction,
  limit: number,
  say: (line: string) => void,
) {
  const { name } = network;
  const check = async () => {
    const answer = await channel.step({ network: network.ref, action: 'check', limit });
    if (!isCheck(answer)) throw new Error('partner-move check answered a step');
    return answer;
  };
  if (action === 'check') {
    const { tables, differ } = await check();
    const rows = tables.reduce((s, t) => s + t.store.rows, 0);
    return differ.length
      ? { ok: false, line: `${name}: the store differs in ${describeDiffer(tables, differ)}` }
      : { ok: true, line: `${name}: the store holds every shared row (${rows} rows)` };
  }
  const started = performance.now();
  let said = started;
  let cursor: string | undefined;
  let calls = 0;
  const rows = { copied: 0, deleted: 0 };
  do {
    const answer = await channel.step({ network: network.ref, action, limit, ...(cursor ? { cursor } : {}) });
    if (isCheck(answer)) throw new Error('partner-move answered a check to a step');
    const step: MoveStep = answer;
    calls += 1;
    if (step.phase === 'copy') rows.copied += step.rows;
    else rows.deleted += step.rows;
    cursor = step.next ?? undefined;
    if (cursor && performance.now() - said >= PROGRESS_EVERY_MS) {
      said = performance.now();
      const done = action === 'prune' ? `${rows.deleted} rows deleted` : `${rows.copied} rows copied`;
      say(`${name}: ${done} so far (${calls} calls, ${((said - started) / 1000).toFixed(0)} s)`);
    }
  } while (cursor);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (action === 'prune')
    return { ok: true, line: `${name}: deleted ${rows.deleted} rows from the shared D1 (${calls} calls, ${seconds} s)` };
  const { tables, differ } = await check();
  const done = `copied ${rows.copied} rows (${calls} calls, ${seconds} s)`;
  return differ.length
    ? { ok: false, line: `${name}: ${done}, but the store differs in ${describeDiffer(tables, differ)}: copy again` }
    : { ok: true, line: `${name}: ${done}; the store holds every shared row` };
}

/**
 * Runs an action for the named network, or every network with partner rows in the shared D1. One failing network is
 * reported and the rest go on. Each network's line is said as it finishes, with a progress line every few
 * seconds of a long copy or prune; the lines are also answered.
 * @example await runPartnerMove(localChannel(target), { network: 'all', action: 'copy', limit: 2000 }, console.log)
 */
export async function runPartnerMove(
  channel: MoveChannel,
  options: { network: string; action: MoveAction; limit: number },
  say: (line: string) => void,
): Promise<{ ok: boolean; lines: string[] }> {
  const everyNetwork = options.network === 'all';
  const networks = everyNetwork
    ? (await channel.networks()).map((n) => ({ ref: n.network_id, name: `${n.slug} (${n.network_id})` }))
    : [{ ref: options.network, name: options.network }];
  const lines: string[] = [];
  const tell = (line: string) => {
    lines.push(line);
    say(line);
  };
  let ok = true;
  if (everyNetwork) say(`${networks.length} networks with partner rows in the shared D1: ${options.action} each in turn`);
  for (const [i, network] of networks.entries()) {
    const position = everyNetwork ? ` [${i + 1}/${networks.length}]` : '';
    try {
      const result = await moveOne(channel, network, options.action, options.limit, say);
      ok &&= result.ok;
      tell(`${result.line}${position}`);
    } catch (error) {
      ok = false;
      tell(`${network.name}: ${error instanceof Error ? error.message : String(error)}${position}`);
    }
  }
  if (everyNetwork && networks.length === 0) tell('no network has partner rows in the shared D1: nothing to move.');
  return { ok, lines };
}

/**
 * partner-move through the admin channel: the instance's admin API (--remote), or the local state's bridge,
 * whose seed record follows a whole prune (npm start then serves it split).
 * @example await partnerMoveOn(localState(ROOT, '.wrangler/state'), { network: 'all', action: 'check', limit: 2000 }, console.log)
 */
export async function partnerMoveOn(
  channel: AdminChannel,
  options: { network: string; action: MoveAction; limit: number },
  say: (line: string) => void,
): Promise<{ ok: boolean; lines: string[] }> {
  if ('remote' in channel) {
    const moveChannel: MoveChannel = {
      step: (input) => channel.remote<PartnerMoveAnswer>('partner-move', input),
      networks: async () =>
        (await channel.remote<{ networks: Array<{ network_id: number; slug: string; channels: number }> }>('partner-move/networks', {}))
          .networks,
    };
    return runPartnerMove(moveChannel, options, say);
  }
  return channel.local(async (local) => {
    const mode = localPartnerStore(channel.root);
    const result = await runPartnerMove(localChannel({ shared: local.db, mode, storeAt: local.networkStore }), options, say);
    // Every network's facts are now in its store alone: npm start serves this state split from now on.
    if (options.action === 'prune' && options.network === 'all' && result.ok)
      writeSeededStore(path.resolve(channel.root, channel.persistTo), 'objects');
    return result;
  });
}
