// The steps a long load runs through: the Workflow engine's (each one durable, retried with backoff,
// its result kept so a restarted instance resumes after it), or inline for the command line and tests.

/** A named unit of work whose result is small and serialisable (the engine stores it, 1 MiB at most). */
export interface Steps {
  do<T>(name: string, work: () => Promise<T>): Promise<T>;
}

/** Runs each step at once, in this invocation: what the command line and a run without the binding use. */
export const inlineSteps: Steps = {
  do: (_name, work) => work(),
};
