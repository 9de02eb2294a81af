// Types for what Astro pages and the middleware see: the worker's bindings and the signed-in user.

/** The build's id, set by astro.config.mjs: cached pages of another build are never served. */
declare const __BUILD_ID__: string;
/** The browser files each island needs, as JSON; filled after the build (src/build/island-preloads.ts). */
declare const __ISLAND_PRELOADS__: string;
/** The CSP sources of our client directives' inline scripts, set by astro.config.mjs (src/build/client-directives.ts). */
declare const __DIRECTIVE_SCRIPT_SOURCES__: string[];

declare namespace Astro {
  interface ClientDirectives {
    /** Hydrates on the visitor's first interaction with the page (src/islands/directives/interaction.ts). */
    'client:interaction'?: boolean;
  }
}

type WorkerRuntime = import('@astrojs/cloudflare').Runtime<import('./server/env').Bindings>;

declare namespace App {
  interface Locals extends WorkerRuntime {
    /** The signed-in user, set by src/middleware.ts from the session cookie; null when signed out. */
    user: import('./server/auth/session-user').SessionUser | null;
    /** Which layout the route rules chose for this page (src/lib/account/route-rules.ts). */
    area: import('./lib/account/route-rules').RouteArea;
    /** The locale the page's figures and dates are written in (src/lib/formats/locale.ts); its <html lang>. */
    locale: string;
  }
}
