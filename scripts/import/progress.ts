// A progress bar with rows per second for long imports, on stderr so summaries stay pipeable.
import { SingleBar } from 'cli-progress';
import type { ImportOptions } from '../../src/server/ingest/load/files.ts';

type ProgressEvent = Parameters<NonNullable<ImportOptions['onProgress']>>[0];

/** A handler for importFiles' onProgress and a stop() to close the bar. */
export function progressBar(): { onProgress: (e: ProgressEvent) => void; stop: () => void } {
  const bar = new SingleBar({
    format: '{file} {phase} |{bar}| {value}/{total} rows, {rate} rows/s',
    stream: process.stderr,
    hideCursor: true,
    noTTYOutput: false,
    notTTYSchedule: 5000,
  });
  let current = '';
  let started = Date.now();
  return {
    onProgress(e) {
      const key = `${e.file}:${e.phase}`;
      if (key !== current) {
        if (current) bar.stop();
        current = key;
        started = Date.now();
        bar.start(e.total, 0, { file: e.file, phase: e.phase, rate: 0 });
      }
      const seconds = Math.max((Date.now() - started) / 1000, 0.001);
      bar.update(e.done, { rate: Math.round(e.done / seconds) });
    },
    stop: () => {
      if (current) bar.stop();
    },
  };
}
