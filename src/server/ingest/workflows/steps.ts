// The steps a long load runs through: the Workflow engine's (each one durable, retried with backoff,
// its result kept so a restarted instance resumes after it), or inline for the command line and tests.
import type { WorkflowStep, WorkflowStepConfig } from 'cloudflare:workers';
import { inLogContext } from '../../log/context';

/** A named unit of work whose result is small and serialisable (the engine stores it, 1 MiB at most). */
export interface Steps {
  do<T>(name: string, work: () => Promise<T>): Promise<T>;
}

/** Runs each step at once, in this invocation: what the command line and a run without the binding use. */
export const inlineSteps: Steps = {
  do: (_name, work) => work(),
};

/**
 * The engine's steps of one Workflow instance, each step's work in the instance's log context with the
 * step's name: every line it writes, however deep, carries both. The engine calls a step's work back
 * from outside run()'s own context, so each step enters it again; the instance id and the step names
 * are the same when the engine replays an instance after a restart (docs/observability.md, "Run ids").
 * Every step result here is plain rows and strings (Rpc.Serializable): the cast only states it.
 * @example const steps = instanceSteps(step, reportStep(30), event.instanceId)
 */
export function instanceSteps(step: WorkflowStep, config: WorkflowStepConfig, instanceId: string): Steps {
  return {
    do: (name, work) => step.do(name, config, (() => inLogContext({ run_id: instanceId, step: name }, work)) as () => Promise<never>),
  };
}
