// Splits integer totals into integer parts that add up exactly, so every grain of the facts agrees.

/**
 * Parts proportional to weights whose sum is exactly total (negative totals too): part i is
 * round(total * W_i / W) - round(total * W_{i-1} / W) over the running sums W_i.
 * @example apportion(10, [1, 1, 1]) // [3, 4, 3]
 */
export function apportion(total: number, weights: readonly number[]): number[] {
  const parts = new Array<number>(weights.length).fill(0);
  let sum = 0;
  for (const weight of weights) sum += weight;
  if (weights.length === 0) return parts;
  if (sum <= 0) {
    parts[0] = total;
    return parts;
  }
  let running = 0;
  let previous = 0;
  for (let i = 0; i < weights.length; i++) {
    running += weights[i] ?? 0;
    const upTo = i === weights.length - 1 ? total : Math.round((total * running) / sum);
    parts[i] = upTo - previous;
    previous = upTo;
  }
  return parts;
}

/** Rounds to three significant figures, as YouTube shows subscriber counts of 1,000 and more. */
export function publicSubscriberCount(count: number): number {
  const value = Math.max(0, Math.round(count));
  if (value < 1000) return value;
  const step = Math.pow(10, Math.floor(Math.log10(value)) - 2);
  return Math.floor(value / step) * step;
}
