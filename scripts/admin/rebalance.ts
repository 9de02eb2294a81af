// `npm run admin -- rebalance` and `buckets`: walks a rebalance's steps (src/server/admin/rebalance.ts):
// copy, check, flip, prune, through a running instance's admin API or the local state's bridge, saying
// per table what was copied or pruned; and sets how many buckets a network's new channels spread over.
import { rebalance, rebalanceSchema, setStoreBuckets, storeBucketsSchema, type RebalanceAnswer } from '../../src/server/admin/rebalance.ts';
import type { RebalanceTableCheck } from '../../src/server/partner-store/rebalance.ts';
import { localPartnerStore } from '../import/local-d1.ts';
import type { AdminChannel } from './channel.ts';

/** A long table's copy or prune says how far it is at most this often (a call moves one page of rows). */
const PROGRESS_EVERY_MS = 5_000;

export interface RebalanceOptions {
  network: string;
  channels: number[];
  from: number;
  to: number;
  limit: number;
}

type Action = 'copy' | 'check' | 'flip' | 'prune';
/** How the command reaches rebalance: the admin API of an instance, or the local bindings. */
export type RebalanceCall = (input: RebalanceOptions & { action: Action; cursor?: string }) => Promise<RebalanceAnswer>;

type Check = Extract<RebalanceAnswer, { differ: string[] }>;
const isCheck = (a: RebalanceAnswer): a is Check => 'differ' in a;
const count = (n: number) => n.toLocaleString('en-US');

function describeDiffer(tables: RebalanceTableCheck[], differ: string[]): string {
  return tables
    .filter((t) => differ.includes(t.table))
    .map((t) => `${t.table} (source ${t.source.rows} rows, target ${t.target.rows})`)
    .join(', ');
}

/** Every page of a copy or prune, with a line per table (and a progress line every few seconds of a long one); answers the rows done. */
async function walk(
  call: RebalanceCall,
  options: RebalanceOptions,
  action: 'copy' | 'prune',
  say: (line: string) => void,
): Promise<number> {
  let cursor: string | undefined;
  let total = 0;
  let current = { phase: '', table: '', rows: 0 };
  let said = performance.now();
  const close = () => {
    if (current.rows > 0) say(`${current.phase} ${current.table}: ${count(current.rows)} rows`);
  };
  do {
    const answer = await call({ ...options, action, ...(cursor ? { cursor } : {}) });
    if (isCheck(answer) || !('phase' in answer)) throw new Error(`rebalance ${action} answered something else than a step`);
    if (answer.phase !== current.phase || answer.table !== current.table) {
      close();
      current = { phase: answer.phase, table: answer.table, rows: 0 };
    }
    current.rows += answer.rows;
    if (answer.phase !== 'clear') total += answer.rows;
    cursor = answer.next ?? undefined;
    if (cursor && performance.now() - said >= PROGRESS_EVERY_MS) {
      said = performance.now();
      say(`${current.phase} ${current.table}: ${count(current.rows)} rows so far`);
    }
  } while (cursor);
  close();
  return total;
}

/**
 * Copy, check, flip and prune, in turn, for the channels; a rerun resumes where the channels are (a copy
 * starts again clean; once flipped, only the prune is left). Answers whether it went through.
 * @example await runRebalance(call, { network: 'acme', channels: [4, 9], from: 0, to: 1, limit: 2000 }, console.log)
 */
export async function runRebalance(call: RebalanceCall, options: RebalanceOptions, say: (line: string) => void): Promise<boolean> {
  const { from, to } = options;
  const check = async () => {
    const answer = await call({ ...options, action: 'check' });
    if (!isCheck(answer)) throw new Error('rebalance check answered a step');
    return answer;
  };
  const started = performance.now();
  const before = await check();
  if (before.reads_from === null) throw new Error(`some of the channels are in bucket ${from}, some in ${to}: rebalance them in two sets.`);
  if (before.reads_from === from) {
    say(`copying ${options.channels.length} channels' rows from bucket ${from} to bucket ${to} ...`);
    const copied = await walk(call, options, 'copy', say);
    const { tables, differ } = await check();
    if (differ.length) {
      say(`copied ${count(copied)} rows, but bucket ${to} differs in ${describeDiffer(tables, differ)}: run rebalance again.`);
      return false;
    }
    say(`check: bucket ${to} holds every row of theirs (${count(tables.reduce((s, t) => s + t.target.rows, 0))} rows)`);
    const flipped = await call({ ...options, action: 'flip' });
    if (!('flipped' in flipped)) throw new Error('rebalance flip answered something else');
    say(`flip: ${flipped.flipped} channels now read from bucket ${to}`);
  } else {
    say(`the channels already read from bucket ${to}: pruning bucket ${from}`);
  }
  const pruned = await walk(call, options, 'prune', say);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  say(`pruned ${count(pruned)} rows from bucket ${from} (${seconds} s)`);
  return true;
}

/**
 * rebalance through the admin channel: the instance's admin API (--remote), or the local state's bridge.
 * @example await rebalanceOn(localState(ROOT, '.wrangler/state'), { network: 'acme', channels: [4], from: 0, to: 1, limit: 2000 }, console.log)
 */
export async function rebalanceOn(channel: AdminChannel, options: RebalanceOptions, say: (line: string) => void): Promise<boolean> {
  if ('remote' in channel) return runRebalance((input) => channel.remote<RebalanceAnswer>('rebalance', input), options, say);
  return channel.local(async (local) => {
    const target = { shared: local.db, mode: localPartnerStore(channel.root), storeAt: local.networkStore };
    return runRebalance((input) => rebalance(target, rebalanceSchema.parse(input)), options, say);
  });
}

/**
 * Sets networks.store_buckets and says where the network's channels are.
 * @example await storeBucketsOn(channel, { network: 'acme', count: 4 }) // 'acme: new channels spread over 4 buckets (was 1); …'
 */
export async function storeBucketsOn(channel: AdminChannel, input: { network: string; count: number }): Promise<string> {
  type Answer = Awaited<ReturnType<typeof setStoreBuckets>>;
  const set =
    'remote' in channel
      ? await channel.remote<Answer>('rebalance/buckets', input)
      : await channel.local((local) => setStoreBuckets(local.db, localPartnerStore(channel.root), storeBucketsSchema.parse(input)));
  const where = set.channels.map((b) => `bucket ${b.bucket}: ${count(b.channels)}`).join(', ') || 'none yet';
  return `${input.network}: new channels spread over ${set.store_buckets} buckets (was ${set.before}); channels now in ${where}. Channels already created stay where they are: rebalance moves them.`;
}
