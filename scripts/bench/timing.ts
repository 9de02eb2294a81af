// Timing helpers for the HTTP benchmarks: one call's latency, repeated, and the median.

export type Caller = (path: string, body: Record<string, unknown> | null) => Promise<Response>;

/** Latencies in ms of `runs` sequential calls (bodies read, so the whole answer is counted). */
export async function timeCall(call: Caller, path: string, body: Record<string, unknown> | null, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const res = await call(path, body);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

/** The median of a list of numbers. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
