// Seeded pseudo-random numbers: the same seed and stream name always give the same sequence.

/** A random source; every helper draws from next() only, so sequences are reproducible. */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
}

/** 32-bit FNV-1a of a string, used to turn (seed, stream name) into a starting state. */
function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * A separate stream per purpose, so adding draws to one generator does not shift the others.
 * @example const rng = createRng(42, 'facts', channelId)
 */
export function createRng(seed: number, ...stream: (string | number)[]): Rng {
  let a = hashString(`${seed}:${stream.join('/')}`) || 0x9e3779b9;
  // mulberry32: small, fast and good enough for synthetic data.
  return {
    next() {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
  };
}

/** Uniform float in [min, max). */
export function uniform(rng: Rng, min: number, max: number): number {
  return min + (max - min) * rng.next();
}

/** Uniform integer in [min, max] (both inclusive). */
export function int(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng.next() * (max - min + 1));
}

/** True with the given probability. */
export function chance(rng: Rng, probability: number): boolean {
  return rng.next() < probability;
}

/** One element, uniformly. */
export function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng.next() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** One element, with probability proportional to weight(item). */
export function pickWeighted<T>(rng: Rng, items: readonly T[], weight: (item: T) => number): T {
  const total = items.reduce((sum, item) => sum + weight(item), 0);
  let target = rng.next() * total;
  for (const item of items) {
    target -= weight(item);
    if (target < 0) return item;
  }
  return pick(rng, items);
}

/** Standard normal (Box-Muller). */
export function normal(rng: Rng, mean = 0, sd = 1): number {
  const u = 1 - rng.next();
  const v = rng.next();
  return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Log-normal with the given median and log-space spread. */
export function logNormal(rng: Rng, median: number, sigma: number): number {
  return median * Math.exp(normal(rng, 0, sigma));
}

/** Pareto (power law) above min with tail index alpha: a few huge values, many small ones. */
export function pareto(rng: Rng, min: number, alpha: number): number {
  return min / Math.pow(1 - rng.next(), 1 / alpha);
}

/** Poisson count (Knuth for small means, normal approximation above). */
export function poisson(rng: Rng, mean: number): number {
  if (mean <= 0) return 0;
  if (mean > 30) return Math.max(0, Math.round(normal(rng, mean, Math.sqrt(mean))));
  const limit = Math.exp(-mean);
  let k = 0;
  let p = rng.next();
  while (p > limit) {
    k++;
    p *= rng.next();
  }
  return k;
}

/** A shuffled copy (Fisher-Yates). */
export function shuffle<T>(rng: Rng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** count distinct elements, in a random order. */
export function sample<T>(rng: Rng, items: readonly T[], count: number): T[] {
  return shuffle(rng, items).slice(0, Math.max(0, count));
}

/** A reusable weighted picker for large lists: O(log n) per draw after one O(n) setup. */
export function weightedSampler<T>(items: readonly T[], weight: (item: T) => number): (rng: Rng) => T {
  const cumulative: number[] = [];
  let total = 0;
  for (const item of items) {
    total += Math.max(0, weight(item));
    cumulative.push(total);
  }
  return (rng) => {
    const target = rng.next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 0) > target) hi = mid;
      else lo = mid + 1;
    }
    const item = items[lo];
    if (item === undefined) throw new Error('weighted pick from an empty list');
    return item;
  };
}
