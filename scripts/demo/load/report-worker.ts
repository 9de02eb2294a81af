// The seed's source of partner reports: a worker thread makes the files while this thread imports the previous ones.
import { Worker } from 'node:worker_threads';
import type { GenerateOptions } from '../generate/world';
import type { EncodedBatch } from './report-feed';

/** Batches the worker may have ready ahead of the importer (memory stays a few files). */
export const BATCHES_AHEAD = 2;

/** Messages from the worker: a batch, or the end. */
export type WorkerMessage = { type: 'batch'; batch: EncodedBatch } | { type: 'done' };

// The worker runs TypeScript like this process: tsx's loader is registered in it first.
const BOOT = `const { workerData } = require('node:worker_threads');
import(workerData.tsx).then((tsx) => { tsx.register(); return import(workerData.entry); });`;

/**
 * Report batches made in a worker thread (Node's second core), received as transferred bytes. The
 * worker rebuilds the same world from the same options; it stays at most BATCHES_AHEAD ahead.
 */
export async function* inWorkerThread(options: GenerateOptions): AsyncGenerator<EncodedBatch> {
  const worker = new Worker(BOOT, {
    eval: true,
    workerData: { tsx: import.meta.resolve('tsx/esm/api'), entry: new URL('./report-worker-main.ts', import.meta.url).href, options },
  });
  const state: { queue: WorkerMessage[]; failure: { error: unknown } | null; wake: (() => void) | null } = {
    queue: [],
    failure: null,
    wake: null,
  };
  const notify = () => {
    state.wake?.();
    state.wake = null;
  };
  worker.on('message', (message: WorkerMessage) => {
    state.queue.push(message);
    notify();
  });
  worker.on('error', (error) => {
    state.failure = { error };
    notify();
  });
  worker.on('exit', (code) => {
    if (code !== 0) state.failure ??= { error: new Error(`the report worker stopped (exit ${code})`) };
    notify();
  });
  try {
    for (;;) {
      const message = state.queue.shift();
      if (!message) {
        if (state.failure) throw state.failure.error;
        await new Promise<void>((resolve) => {
          state.wake = resolve;
        });
        continue;
      }
      if (message.type === 'done') return;
      worker.postMessage('next');
      yield message.batch;
    }
  } finally {
    await worker.terminate();
  }
}
