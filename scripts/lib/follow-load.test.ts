import { describe, expect, it } from 'vitest';
import type { LoadState } from '../../src/server/admin/loads.ts';
import { followLoad } from './follow-load.ts';

const STARTED = { load: '4147789f-98d5-4cc9-b928-eb203f137553', state: 'queued' as const, follow: 'GET /api/admin/loads/…' };
const RESULT = { files: [], rollup_buckets: 0, dry_run: false };

/** The states a GET answers, one per poll; the last repeats. */
function answering(states: Array<Partial<LoadState>>) {
  const asked: string[] = [];
  let at = 0;
  const get = (path: string) => {
    asked.push(path);
    const state = states[Math.min(at++, states.length - 1)] ?? {};
    return Promise.resolve({
      load: STARTED.load,
      state: 'running',
      step: null,
      steps_done: 0,
      result: null,
      error: null,
      ...state,
    } as LoadState);
  };
  return { get, asked };
}

describe('followLoad', () => {
  it('polls the load, says each step once as it finishes, and answers the result', async () => {
    const { get, asked } = answering([
      { state: 'queued' },
      { step: 'pieces of 12', steps_done: 2 },
      { step: 'stage 12 piece 1 of 3', steps_done: 3 },
      { step: 'stage 12 piece 1 of 3', steps_done: 3 },
      { state: 'complete', step: 'load', steps_done: 6, result: RESULT },
    ]);
    const said: string[] = [];
    expect(await followLoad(get, STARTED, (line) => said.push(line), 0)).toEqual(RESULT);
    expect(asked).toEqual(Array.from({ length: 5 }, () => `loads/${STARTED.load}`));
    expect(said).toEqual([
      'loading: pieces of 12 (2 steps done)',
      'loading: stage 12 piece 1 of 3 (3 steps done)',
      'loading: load (6 steps done)',
    ]);
  });

  it("throws with the instance's reason when the load failed", async () => {
    const { get } = answering([{ state: 'errored', step: 'files', steps_done: 1, error: 'R2 is unavailable (503)' }]);
    await expect(followLoad(get, STARTED, () => undefined, 0)).rejects.toThrow(`load ${STARTED.load} errored: R2 is unavailable (503)`);
  });
});
