// The buckets benchmark's calls to its worker and its storage readings: JSON answers timed on the client's
// clock (split/client.ts's WorkerClient), the stores' SQLite files found under --persist-to and read with dbstat.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { type DashboardBody, type Timed, WorkerClient } from '../split/client.ts';
import { readStored, type Stored } from '../size-dbstat.ts';
import type { RebalanceAnswer } from './rebalance.ts';
import type { Shape } from './generate.ts';

export type Who = 'owner' | 'partner';

/** A dashboard answers in well under a second; past this the local runtime has lost the request. */
const ANSWER_TIMEOUT_MS = 60_000;

/** Once more after a failure, said on the console: the local runtime now and then drops a request. */
async function again<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    console.log(`    ${what}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}; sending it again`);
    return call();
  }
}

/**
 * The buckets worker's routes, called from the script.
 * @example const { body, ms } = await new BucketsClient('http://localhost:8798').dashboard('owner', 1, '2026-11-23')
 */
export class BucketsClient extends WorkerClient {
  private post<T>(route: string, body: unknown): Promise<Timed<T>> {
    return this.call(route, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  }

  setupNetwork(shape: Shape, partner: number[]): Promise<Timed<unknown>> {
    return this.post('/setup', { shape, partner });
  }

  /** A fill sent again when its answer is lost (the local runtime restarted): every insert of a fill ignores what is there. */
  fill(shape: Shape, bucket: number, from: number, to: number): Promise<Timed<{ ms: number }>> {
    return again(`fill ${bucket} ${from}..${to}`, () => this.post('/fill', { shape, bucket, from, to }));
  }

  whose(who: Who, network: number, today: string): Promise<Timed<DashboardBody>> {
    const route = `/dashboard?who=${who}&network=${network}&today=${today}`;
    return again(route, () => this.call(route, { signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS) }));
  }

  async tables(network: number, today: string): Promise<{ statements: number; tables: string[] }> {
    return (await this.call<{ statements: number; tables: string[] }>(`/tables?network=${network}&today=${today}`)).body;
  }

  async sizes(network: number, buckets: number): Promise<number[]> {
    return (await this.call<{ bytes: number[] }>(`/sizes?network=${network}&buckets=${buckets}`)).body.bytes;
  }

  rebalance(network: number, from: number, to: number, channels: number): Promise<Timed<RebalanceAnswer>> {
    return this.post('/rebalance', { network, from, to, channels });
  }
}

/**
 * Every store's SQLite file under the state directory, by (network, bucket) as its own `channels` rows say.
 * @example storeFiles('.tmp/bench-buckets').get('1/3')
 */
export function storeFiles(state: string): Map<string, string> {
  const dir = path.join(state, 'v3', 'do', 'viewdeck-bench-buckets-NetworkStore');
  const out = new Map<string, string>();
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.sqlite'))) {
    const file = path.join(dir, name);
    // The bucket most of its channels name: a rebalance copies channel rows before their bucket flips.
    const majority = 'SELECT network_id, store_bucket FROM channels GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 1';
    const line = execFileSync('sqlite3', ['-readonly', file, majority]).toString().trim();
    const [network, bucket] = line.split('|');
    if (network) out.set(`${network}/${bucket}`, file);
  }
  return out;
}

/** One store's tables that hold rows: MB, rows and bytes a row, largest first (dbstat, pages in use). */
export function tableLines(stored: Stored): string[] {
  const tables = [...stored.objects.values()].filter((o) => o.kind === 'table' && (o.rows ?? 0) > 0);
  const indexBytes = (table: string) =>
    [...stored.objects.values()].filter((o) => o.kind === 'index' && o.table === table).reduce((n, o) => n + o.bytes, 0);
  return tables
    .map((t) => ({ ...t, bytes: t.bytes + indexBytes(t.name) }))
    .sort((a, b) => b.bytes - a.bytes)
    .filter((t) => t.bytes > 100_000)
    .map(
      (t) =>
        `    ${t.name.padEnd(32)} ${(t.bytes / 1e6).toFixed(1).padStart(8)} MB ${String(t.rows).padStart(11)} rows ${(t.bytes / (t.rows ?? 1)).toFixed(1).padStart(6)} B/row`,
    );
}

export { readStored };
