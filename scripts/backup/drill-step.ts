// One printed step of the restore drill (scripts/restore-drill.ts): its name, then its time.

/** Runs a step, printing its name first and its time after. */
export async function step<T>(name: string, work: () => Promise<T>): Promise<T> {
  process.stdout.write(`${name} ... `);
  const started = Date.now();
  const result = await work();
  console.log(`${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}
