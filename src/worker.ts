// The worker's entry (astro.config.mjs workerEntryPoint): Astro serves requests (public pages through the
// edge cache), the Cron Trigger runs the sync.
import type { SSRManifest } from 'astro';
import { App } from 'astro/app';
import { handle } from '@astrojs/cloudflare/handler';
import { misconfiguredResponse } from './server/config-guard';
import type { Bindings } from './server/env';
import { errorText, syncWarn } from './server/ingest/sync/log';
import { runSync } from './server/ingest/sync/run';
import { servePage } from './server/public/page-cache';
import { wholePage } from './server/whole-page';
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
  const handler = {
    // Public stats pages for visitors come from the edge cache; everything else renders every time.
    fetch: (request: AstroRequest, env: Env, ctx: ExecutionContext) => {
      // The two Request types (adapter's and our globals') describe the same runtime object.
      const plain = request as unknown as Request;
      const refused = misconfiguredResponse(env);
      if (refused) return refused;
      const render = async (r: Request) =>
        wholePage((await handle(manifest, app, r as unknown as AstroRequest, env, ctx)) as unknown as Response);
      return servePage(plain, env, ctx, render);
    },
    scheduled: (controller: ScheduledController, env: Env, ctx: ExecutionContext) => {
      // Jobs log their own failures; this catches what fails before or between them (D1 down).
      ctx.waitUntil(
        runSync(env, { now: controller.scheduledTime }).then(
          () => undefined,
          (error: unknown) => syncWarn(`run failed: ${errorText(error)}`),
        ),
      );
    },
  };
  return { default: handler, NetworkStore, ReportDayLoad, ArchiveLoad };
}
