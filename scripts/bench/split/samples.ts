// The split benchmark's timings: each dashboard answer's client clock, worker clock and scope share,
// taken in interleaved rounds over both layouts, and how they print.
import { median } from '../timing.ts';
import { type DashboardBody, type Store, STORES, type Timed } from './client.ts';

export interface Samples {
  client: number[];
  worker: number[];
  resolve: number[];
}

export const noSamples = (): Samples => ({ client: [], worker: [], resolve: [] });

export function add(samples: Samples, { body, ms: clientMs }: Timed<DashboardBody>): void {
  samples.client.push(clientMs);
  samples.worker.push(body.ms);
  samples.resolve.push(body.resolveMs);
}

/**
 * `rounds` rounds of one dashboard in both layouts, alternated so the machine's load hits both alike,
 * after one warm-up call each.
 * @example const samples = await timeRounds((store) => client.dashboard(store, 1, today), 5)
 */
export async function timeRounds(ask: (store: Store) => Promise<Timed<DashboardBody>>, rounds: number): Promise<Record<Store, Samples>> {
  const samples: Record<Store, Samples> = { split: noSamples(), shared: noSamples() };
  for (const store of STORES) await ask(store);
  for (let round = 0; round < rounds; round++) {
    for (const store of STORES) add(samples[store], await ask(store));
  }
  return samples;
}

export const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;
const p90 = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length * 0.9)] ?? Number.NaN;

/** Median client time (worker time, scope's share). */
export const cell = (s: Samples) => `${ms(median(s.client))} (worker ${ms(median(s.worker))}, scope ${median(s.resolve).toFixed(0)} ms)`;
/** Median and p90, client (worker). */
export const spread = (s: Samples) => `${ms(median(s.client))} (${ms(median(s.worker))}), p90 ${ms(p90(s.client))} (${ms(p90(s.worker))})`;
