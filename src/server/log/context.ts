// Which request or run a log line belongs to, carried through every await of its work (AsyncLocalStorage)
// so no function has to pass an id along.
import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What every log line of a piece of work carries: a request's id, or a scheduled run's or Workflow
 * instance's, with the name of the instance's step under way (docs/observability.md, "Run ids").
 */
export type LogContext = { request_id: string } | { run_id: string; step?: string };

/** The response header that names the request, the same id as its log lines and its error answer. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** Cloudflare's id of a request as its edge saw it (wrangler dev and tests send none). */
const CF_RAY_HEADER = 'cf-ray';
/** A ray id is 16 hex digits and the data centre ("8f1a2b3c4d5e6f70-AMS"); anything longer or odder is not one. */
const RAY_PATTERN = /^[A-Za-z0-9-]{1,64}$/;

const storage = new AsyncLocalStorage<LogContext>();

/**
 * Runs work with a request or run id that every log line inside it carries, awaits included.
 * @example return inLogContext({ request_id: requestIdOf(request) }, () => render(request))
 */
export function inLogContext<T>(context: LogContext, work: () => T): T {
  return storage.run(context, work);
}

/** The id of the request or run under way, or nothing outside one (a script, a module's top level). */
export function currentLogContext(): LogContext | undefined {
  return storage.getStore();
}

/** The id of the request under way, if the work under way is a request. */
export function currentRequestId(): string | undefined {
  const context = storage.getStore();
  return context && 'request_id' in context ? context.request_id : undefined;
}

/**
 * Cloudflare's ray id when the request came through its edge (so a log line can be matched with the
 * dashboard's request), else a random id.
 * @example const id = requestIdOf(request)
 */
export function requestIdOf(request: Request): string {
  const ray = request.headers.get(CF_RAY_HEADER);
  return ray && RAY_PATTERN.test(ray) ? ray : crypto.randomUUID();
}

/**
 * The response with its request's id in X-Request-Id. Headers of a response built elsewhere may be
 * immutable (a fetch's, a cache's): then a copy carries it.
 * @example return withRequestId(await render(request), id)
 */
export function withRequestId(response: Response, id: string): Response {
  try {
    response.headers.set(REQUEST_ID_HEADER, id);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set(REQUEST_ID_HEADER, id);
    return copy;
  }
}
