// Worker thread of the seed: makes the partner network's report files and hands them over as bytes, a few ahead.
import { parentPort, workerData } from 'node:worker_threads';
import { partnerReportBatches, partnerSources } from '../formats/partner-reports';
import { buildWorld, type GenerateOptions } from '../generate/world';
import { encodeBatch } from './report-feed';
import { BATCHES_AHEAD, type WorkerMessage } from './report-worker';

const port = parentPort;
if (!port) throw new Error('report-worker-main runs in a worker thread');
const { options } = workerData as { options: GenerateOptions };
let ahead = 0;
let wake: (() => void) | null = null;
port.on('message', () => {
  ahead -= 1;
  wake?.();
  wake = null;
});

for (const batch of partnerReportBatches(partnerSources(buildWorld(options)))) {
  const encoded = encodeBatch(batch);
  const message: WorkerMessage = { type: 'batch', batch: encoded };
  port.postMessage(
    message,
    encoded.files.map((f) => f.bytes.buffer as ArrayBuffer),
  );
  ahead += 1;
  while (ahead >= BATCHES_AHEAD)
    await new Promise<void>((resolve) => {
      wake = resolve;
    });
}
port.postMessage({ type: 'done' } satisfies WorkerMessage);
