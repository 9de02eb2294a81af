// The steps a long load runs through: the Workflow engine's (each one durable, retried with backoff,
// its result kept so a restarted instance resumes after it), or inline for the command line and tests.
import type { WorkflowStep, WorkflowStepConfig } from 'cloudflare:workers';
import { log, logUnder, type Logger } from '../../log/log';

/**
 * A named unit of work whose result is small and serialisable (the engine stores it, 1 MiB at most).
 * The work is handed the logger its lines go through: under the Workflow instance's id and the step's
 * name in an instance, the request's or run's otherwise.
 */
export interface Steps {
  do<T>(name: string, work: (log: Logger) => Promise<T>): Promise<T>;
}

/** Runs each step at once, in this invocation: what the command line and a run without the binding use. */
export const inlineSteps: Steps = {
  do: (_name, work) => work(log),
};

/**
 * The engine's steps of one Workflow instance. Each step's work logs under the instance's id and the
 * step's name, which the engine's replay after a restart does not change, so a line says which instance
 * and step wrote it. The logger is handed over rather than put in an async context: an AsyncLocalStorage
 * context entered around a step's work broke the test runtime's later subrequests (docs/observability.md,
 * "Run ids"). Every step result here is plain rows and strings (Rpc.Serializable): the cast only states it.
 * @example const steps = instanceSteps(step, reportStep(30), event.instanceId)
 */
export function instanceSteps(step: WorkflowStep, config: WorkflowStepConfig, instanceId: string): Steps {
  return {
    do: (name, work) => step.do(name, config, (() => work(logUnder({ run_id: instanceId, step: name }))) as () => Promise<never>),
  };
}
