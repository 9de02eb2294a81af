// The worker's entry (astro.config.mjs workerEntryPoint): Astro serves requests (public pages through the
// edge cache), /healthz answers before it, the Cron Trigger runs the sync; each under its own log id.
import type { SSRManifest } from 'astro';
import { App } from 'astro/app';
import { handle } from '@astrojs/cloudflare/handler';
import { misconfiguredResponse } from './server/http/config-guard';
import type { Bindings } from './server/env';
import { healthResponse, HEALTH_PATH } from './server/health/health';
import { inLogContext, requestIdOf, withRequestId } from './server/log/context';
import { scheduledSync } from './server/ingest/sync/run-log';
import { servePage } from './server/public/page-cache';
import { wholePage } from './server/http/whole-page';
import { NetworkStore } from './server/partner-store/product-store';
import { ReportDayLoad } from './server/ingest/workflows/report-day-load';
import { ArchiveLoad } from './server/ingest/workflows/archive-load';

// The adapter's handler is typed against @cloudflare/workers-types' index (not our dated globals):
// its own request and env types (ASSETS included), plus our bindings.
type AstroRequest = Parameters<typeof handle>[2];
type Env = Parameters<typeof handle>[3] & Bindings;

/**
 * What the adapter's build wraps: the default Astro handler as `fetch`, plus `scheduled` for the
 * cron in wrangler.toml. The sync runs under waitUntil so the invocation lasts until it is done.
 */
export function createExports(manifest: SSRManifest) {
  const app = new App(manifest);
  // Health checks come first, before the configuration guard (a misconfigured deploy reports it as
  // a failing check) and Astro (no session, route rules or page cache to pay for, nor to break them).
  const answer = (request: Request, env: Env, ctx: ExecutionContext): Promise<Response> | Response => {
    if (new URL(request.url).pathname === HEALTH_PATH) return healthResponse(env);
    const refused = misconfiguredResponse(env);
    if (refused) return refused;
    const render = async (r: Request) =>
      wholePage((await handle(manifest, app, r as unknown as AstroRequest, env, ctx)) as unknown as Response);
    return servePage(request, env, ctx, render);
  };
  const handler = {
    // Public stats pages for visitors come from the edge cache; everything else renders every time.
    // Every log line of the request carries its id (the ray id at the edge), and so does every answer.
    fetch: (request: AstroRequest, env: Env, ctx: ExecutionContext) => {
      // The two Request types (adapter's and our globals') describe the same runtime object.
      const plain = request as unknown as Request;
      const id = requestIdOf(plain);
      return inLogContext({ request_id: id }, async () => withRequestId(await answer(plain, env, ctx), id));
    },
    // A run id on every line of the run; the run's counts in one line at its end (run-log.ts).
    scheduled: (controller: ScheduledController, env: Env, ctx: ExecutionContext) => {
      ctx.waitUntil(scheduledSync(env, controller.scheduledTime));
    },
  };
  return { default: handler, NetworkStore, ReportDayLoad, ArchiveLoad };
}
