// The operator's loads of archived files: started as an ArchiveLoad instance (or inline without its binding) and
// followed by id, GET /api/admin/loads/:id answering the state, the last step done and, when done, the result.
import * as z from 'zod';
import type { Bindings } from '../env';
import { badRequest, notFound } from '../http/errors';
import { getSyncSettings } from '../google/settings';
import { importTarget } from '../ingest/import-target';
import { getLoadProgress, LOAD_RECORD_TTL_SECONDS, trackedSteps } from '../ingest/archive/load-progress';
import { runOperatorLoad, type OperatorLoadOutput, type OperatorLoadParams } from '../ingest/archive/operator-load';
import { inlineSteps } from '../ingest/workflows/steps';
import { loadAnswer, type LoadAnswer } from './load-answer';

/** What a start answers (202): the id to follow and where. */
export interface LoadStarted {
  load: string;
  state: 'queued' | 'complete' | 'errored';
  follow: string;
}

/** What GET /api/admin/loads/:id answers. */
export interface LoadState {
  load: string;
  state: InstanceStatus['status'];
  /** The last step finished ("stage 12 piece 3 of 11") and how many are. */
  step: string | null;
  steps_done: number;
  /** When complete: what the endpoint that started the load answered before loads ran in a Workflow. */
  result: LoadAnswer | null;
  error: string | null;
}

const inlineKey = (id: string) => `operator-load:${id}:inline`;

const outputSchema = z.custom<OperatorLoadOutput>(
  (v) => typeof v === 'object' && v !== null && 'kind' in v && 'files' in v && Array.isArray(v.files),
  'not an operator load output',
);
const inlineSchema = z.object({
  state: z.enum(['complete', 'errored']),
  output: outputSchema.nullable(),
  error: z.string().nullable(),
});

/**
 * A load's piece size and retry delay, read from the settings when it starts and given to the instance, so
 * it loads as the request that started it read them.
 */
export function loadStepSettings(env: Bindings): { pieceBytes: number; retrySeconds: number } {
  const settings = getSyncSettings(env);
  return { pieceBytes: settings.reportPieceBytes, retrySeconds: settings.reportRetrySeconds };
}

const follow = (id: string) => `GET /api/admin/loads/${id}`;
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Starts loading archived files: an ArchiveLoad instance, or, on an install without the binding (tests of
 * the app alone), the same steps inline in this request, its outcome kept in KV under the same kind of id.
 * @example const started = await startOperatorLoad(c.env, { kind: 'upload', ids: [12], ... })
 */
export async function startOperatorLoad(env: Bindings, params: OperatorLoadParams): Promise<LoadStarted> {
  const id = crypto.randomUUID();
  if (env.ARCHIVE_LOADS) {
    await env.ARCHIVE_LOADS.create({ id, params });
    return { load: id, state: 'queued', follow: follow(id) };
  }
  const target = { ...importTarget(env), bucket: env.REPORTS };
  const outcome = await runOperatorLoad(target, params, trackedSteps(inlineSteps, env.KV, id)).then(
    (output) => ({ state: 'complete' as const, output, error: null }),
    (error: unknown) => ({ state: 'errored' as const, output: null, error: errorText(error) }),
  );
  await env.KV.put(inlineKey(id), JSON.stringify(outcome), { expirationTtl: LOAD_RECORD_TTL_SECONDS });
  return { load: id, state: outcome.state, follow: follow(id) };
}

/** A load id from the path: what a start answered, else 400. */
export function loadId(text: string): string {
  if (!/^[0-9a-f-]{36}$/.test(text))
    throw badRequest('id: the "load" a start answered (POST /api/admin/uploads/:id/load, replay or import).');
  return text;
}

/** The engine's instance, or null when it has none of that id. */
async function instanceOf(loads: Workflow, id: string): Promise<WorkflowInstance | null> {
  try {
    return await loads.get(id);
  } catch {
    return null;
  }
}

/**
 * The state of load `id`: the instance's own status, the progress its steps noted, the result when done.
 * @example const state = await getOperatorLoad(c.env, id)
 */
export async function getOperatorLoad(env: Bindings, id: string): Promise<LoadState> {
  const progress = await getLoadProgress(env.KV, id);
  const base = { load: id, step: progress?.step ?? null, steps_done: progress?.done ?? 0 };
  const inline = inlineSchema.safeParse(await env.KV.get(inlineKey(id), 'json'));
  if (inline.success) {
    const { state, output, error } = inline.data;
    return { ...base, state, result: output ? loadAnswer(output) : null, error };
  }
  const instance = env.ARCHIVE_LOADS ? await instanceOf(env.ARCHIVE_LOADS, id) : null;
  if (!instance) throw notFound(`No load ${id}: use the "load" id POST /api/admin/uploads/:id/load, replay or import answered.`);
  const status = await instance.status();
  const output = status.status === 'complete' ? outputSchema.safeParse(status.output) : null;
  const failure = status.error as InstanceStatus['error'] | string | undefined;
  return {
    ...base,
    state: status.status,
    result: output?.success ? loadAnswer(output.data) : null,
    error: failure === undefined ? null : typeof failure === 'string' ? failure : failure.message,
  };
}
