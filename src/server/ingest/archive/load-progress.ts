// How far an operator's load has come, for the command line that follows it: the last step done, in KV.
import type { Steps } from '../workflows/steps';

export interface LoadProgress {
  /** The last step finished ("stage 12 piece 3 of 11", "load"). */
  step: string;
  /** Steps finished so far. */
  done: number;
}

/** A load's notes in KV last a week: long past its end, and the keys clean themselves up. */
export const LOAD_RECORD_TTL_SECONDS = 7 * 86_400;

const progressKey = (id: string) => `operator-load:${id}:progress`;

/**
 * The steps, each one noting in KV when it is done. KV takes one write per second per key and may lag
 * across locations: progress is a courtesy, so a refused write is dropped and never fails the load.
 * A step the engine replays from its record (a woken instance runs from the top, its finished steps
 * answering at once without running) is counted but not written again: only a step that ran writes.
 * @example const steps = trackedSteps(engineSteps, env.KV, instanceId)
 */
export function trackedSteps(steps: Steps, kv: KVNamespace, id: string): Steps {
  let done = 0;
  return {
    async do(name, work) {
      let ran = false;
      const result = await steps.do(name, () => {
        ran = true;
        return work();
      });
      done += 1;
      if (!ran) return result;
      const progress: LoadProgress = { step: name, done };
      await kv.put(progressKey(id), JSON.stringify(progress), { expirationTtl: LOAD_RECORD_TTL_SECONDS }).catch(() => undefined);
      return result;
    },
  };
}

/** The load's progress, or null before its first step ends. */
export async function getLoadProgress(kv: KVNamespace, id: string): Promise<LoadProgress | null> {
  return kv.get<LoadProgress>(progressKey(id), 'json');
}
