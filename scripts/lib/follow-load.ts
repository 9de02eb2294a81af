// Waits for a load the admin API started (202 with its id): polls GET /api/admin/loads/:id, says each step
// as it finishes, answers the endpoint's result, and throws with the instance's error when it failed.
import type { LoadStarted, LoadState } from '../../src/server/admin/loads.ts';
import type { LoadAnswer } from '../../src/server/admin/load-answer.ts';

/** Between two polls: a piece takes seconds to minutes, so a faster poll only adds requests. */
const POLL_MS = 2_000;
const ENDED: ReadonlySet<LoadState['state']> = new Set(['complete', 'errored', 'terminated']);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Follows load `started` to its end through `get` (a GET of the admin API), printing "loading: <step>
 * (<n> steps done)" whenever a step finishes; answers the result.
 * @example const answer = await followLoad((path) => call(path), started, console.error)
 */
export async function followLoad(
  get: (apiPath: string) => Promise<LoadState>,
  started: LoadStarted,
  say: (line: string) => void,
  pollMs = POLL_MS,
): Promise<LoadAnswer> {
  let said = '';
  for (;;) {
    const state = await get(`loads/${started.load}`);
    if (state.step && state.step !== said) {
      said = state.step;
      say(`loading: ${state.step} (${state.steps_done} steps done)`);
    }
    if (ENDED.has(state.state)) {
      if (state.state === 'complete' && state.result) return state.result;
      throw new Error(`load ${started.load} ${state.state}: ${state.error ?? 'no reason given'}`);
    }
    await sleep(pollMs);
  }
}
