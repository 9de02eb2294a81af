// The benchmark workers' one idiom (split/worker.ts, buckets/worker.ts): a table of routes answering JSON,
// a bad parameter a 400 naming it, anything else a 500 with its stack, which the bench script prints.

/** A parameter the bench script should not have sent: a 400, not a 500. */
export class BadParam extends Error {}

export type Route<E> = (env: E, request: Request, url: URL) => Promise<unknown>;

/**
 * A worker answering each path of `routes` with its JSON, 404 for any other path.
 * @example export default routedWorker<Env>({ '/health': async () => ({ ok: true }) })
 */
export function routedWorker<E>(routes: Record<string, Route<E>>): ExportedHandler<E> {
  return {
    async fetch(request, env) {
      const url = new URL(request.url);
      const route = routes[url.pathname];
      if (!route) return Response.json({ error: `unknown path ${url.pathname}` }, { status: 404 });
      try {
        return Response.json(await route(env, request, url));
      } catch (error) {
        const status = error instanceof BadParam ? 400 : 500;
        return Response.json({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }, { status });
      }
    },
  };
}
