import { describe, expect, it } from 'vitest';
import { lostReason } from './lost-loads';
import { LOADING_STALE_SECONDS } from './report-records';

const NOW = 1_800_000_000;
const JUST_STARTED = NOW - 60;
const status = (s: InstanceStatus['status'], error?: string): InstanceStatus => ({
  status: s,
  ...(error ? { error: { name: 'Error', message: error } } : {}),
});

describe('lostReason', () => {
  it('leaves an instance the engine runs, queues or holds alone until the stale window has passed', () => {
    for (const s of ['queued', 'running', 'waiting', 'paused'] as const) expect(lostReason('i', status(s), JUST_STARTED, NOW)).toBeNull();
    expect(lostReason('i', status('running'), NOW - LOADING_STALE_SECONDS + 1, NOW)).toBeNull();
  });

  it('names an instance that ended without recording, with the error the engine kept', () => {
    expect(lostReason('i', status('errored', 'D1 is overloaded'), JUST_STARTED, NOW)).toBe(
      'the load instance i ended errored without recording its reports: D1 is overloaded',
    );
    expect(lostReason('i', status('terminated'), JUST_STARTED, NOW)).toBe(
      'the load instance i ended terminated without recording its reports',
    );
    expect(lostReason('i', null, JUST_STARTED, NOW)).toBe('the load instance i is unknown to the Workflows engine');
  });

  it('takes an instance that says running but has not recorded in the stale window as lost', () => {
    expect(lostReason('i', status('running'), NOW - LOADING_STALE_SECONDS, NOW)).toBe(
      'the load instance i had not recorded its reports 6 hours after it started (the engine says running)',
    );
  });
});
