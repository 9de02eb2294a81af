// What the product logged during a test: the structured lines (src/server/log) a console spy received.
import type { LogLine } from '../../src/server/log/log';

/** A spy on a console method (vi.spyOn), of which only the calls are read. */
type ConsoleSpy = { mock: { calls: unknown[][] } };

/** The lines written through the spied console method, in order. */
export function logLines(spy: ConsoleSpy): LogLine[] {
  return spy.mock.calls.map((args) => args[0] as LogLine);
}

/** Each line as "event: message" ("sync: trends: …"), for a test that checks what was said. */
export function logTexts(spy: ConsoleSpy): string[] {
  return logLines(spy).map((line) => `${line.event}: ${line.message ?? ''}`);
}
