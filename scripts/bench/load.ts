// Load runs with autocannon on loopback: latency percentiles and throughput, cached or uncached.
import autocannon from 'autocannon';

export interface LoadResult {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
}

/** Adds a parameter the page ignores but the cache key keeps, so every request renders afresh. */
function bustingPath(path: string): () => string {
  let n = 0;
  const joiner = path.includes('?') ? '&' : '?';
  return () => `${path}${joiner}_bench=${Date.now()}-${n++}`;
}

/**
 * Runs `connections` clients against one path for `seconds`. Uncached runs give every request its
 * own URL; cached runs warm the page first so the first miss is not counted.
 * @example await loadRun('http://localhost:8798', '/channels', { cached: true })
 */
export async function loadRun(
  base: string,
  path: string,
  options: { cached: boolean; seconds?: number; connections?: number },
): Promise<LoadResult> {
  const next = bustingPath(path);
  if (options.cached) await (await fetch(`${base}${path}`)).arrayBuffer();
  const result = await autocannon({
    url: base,
    connections: options.connections ?? 8,
    duration: options.seconds ?? 8,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: options.cached ? path : next() }) }],
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    errors: result.errors + result.non2xx,
  };
}
