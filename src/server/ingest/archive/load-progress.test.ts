import { describe, expect, it } from 'vitest';
import type { Steps } from '../workflows/steps';
import { getLoadProgress, trackedSteps } from './load-progress';

/** An engine that keeps each finished step's result and answers it again, without running it, when the instance replays. */
function recordingEngine(): Steps {
  const record = new Map<string, unknown>();
  return {
    async do<T>(name: string, work: () => Promise<T>): Promise<T> {
      if (record.has(name)) return record.get(name) as T;
      const result = await work();
      record.set(name, result);
      return result;
    },
  };
}

/** KV's get and put over a Map, counting the puts. */
function countingKv() {
  const values = new Map<string, string>();
  const kv = {
    puts: 0,
    get: (key: string, type: 'json') => Promise.resolve(type === 'json' && values.has(key) ? JSON.parse(values.get(key) ?? '') : null),
    put: (key: string, value: string) => {
      kv.puts += 1;
      values.set(key, value);
      return Promise.resolve();
    },
  };
  return kv;
}

describe('trackedSteps', () => {
  it('notes each step that runs, and not again the steps an instance replays from its record', async () => {
    const engine = recordingEngine();
    const kv = countingKv();
    const first = trackedSteps(engine, kv as unknown as KVNamespace, 'load-1');
    for (const name of ['stage 1', 'stage 2', 'stage 3']) expect(await first.do(name, () => Promise.resolve(name.length))).toBe(7);
    expect(kv.puts).toBe(3);
    expect(await getLoadProgress(kv as unknown as KVNamespace, 'load-1')).toEqual({ step: 'stage 3', done: 3 });

    // Woken again, the instance runs from the top: three steps answer from the record, one runs.
    const replay = trackedSteps(engine, kv as unknown as KVNamespace, 'load-1');
    let ran = 0;
    for (const name of ['stage 1', 'stage 2', 'stage 3', 'load']) {
      await replay.do(name, () => {
        ran += 1;
        return Promise.resolve(0);
      });
    }
    expect(ran).toBe(1);
    expect(kv.puts).toBe(4);
    expect(await getLoadProgress(kv as unknown as KVNamespace, 'load-1')).toEqual({ step: 'load', done: 4 });
  });

  it('a refused progress write never fails the step', async () => {
    const kv = { put: () => Promise.reject(new Error('KV PUT failed: 429 Too Many Requests')) };
    const steps = trackedSteps(recordingEngine(), kv as unknown as KVNamespace, 'load-2');
    expect(await steps.do('stage 1', () => Promise.resolve('staged'))).toBe('staged');
  });
});
