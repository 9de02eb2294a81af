// workerd reports the error of a native stream (a fetch body cut off, a decompression fed a truncated
// gzip) as an unhandled rejection even when the code awaits every read and handles the error
// (cloudflare/workerd issue 501, "Invalid unhandled rejection warning when calling await reader.read()").
// Vitest counts those as errors of the run. Only these two messages, which only the archive's fault
// tests provoke, are let through; every other unhandled rejection still fails the run.
import process from 'node:process';

const KNOWN = ['Network connection lost.', 'Called close() on a decompression stream with incomplete data'];

const isKnown = (reason: unknown) => reason instanceof Error && KNOWN.includes(reason.message);

// Set up once per isolate: this file runs before every test file in the same worker.
const INSTALLED = Symbol.for('viewdeck.known-rejections');
const scope = globalThis as { [INSTALLED]?: true };
if (!scope[INSTALLED]) {
  scope[INSTALLED] = true;
  const listeners = process.listeners('unhandledRejection');
  process.removeAllListeners('unhandledRejection');
  process.on('unhandledRejection', (reason: unknown, promise: Promise<unknown>) => {
    if (isKnown(reason)) return;
    for (const listener of listeners) listener(reason, promise);
  });
}
