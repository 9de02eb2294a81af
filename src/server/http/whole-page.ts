// Pages leave the worker in one piece rather than streamed.

/**
 * The HTML read whole into one body. Astro streams a chunk per template expression; thousands of tiny
 * chunks (a 200-row ranking) cost far more on the way out than one buffer: 1.3 s against 0.15 s for
 * /channels under wrangler dev (docs/public-stats.md, "Edge caching").
 * @example return wholePage(await handle(manifest, app, request, env, ctx))
 */
export async function wholePage(response: Response): Promise<Response> {
  if (!(response.headers.get('Content-Type') ?? '').includes('text/html') || !response.body) return response;
  return new Response(await response.arrayBuffer(), response);
}
