// Astro renders the shell and public pages in the worker; /api/* is handed to Hono.
import { defineConfig } from 'astro/config';
import cloudflare from '@astrojs/cloudflare';
import react from '@astrojs/react';
import { readdirSync, writeFileSync } from 'node:fs';
import { staticHeadersFile } from './src/server/http/static-headers.ts';
import { islandFiles } from './src/build/island-files.ts';
import { PRELOADS_PLACEHOLDER } from './src/build/island-preloads.ts';
import { clientDirectives, directiveScriptSources } from './src/build/client-directives.ts';

/** The CSP sources of our client directives' inline scripts (src/build/client-directives.ts). */
const DIRECTIVE_SCRIPT_SOURCES = await directiveScriptSources(new URL('./', import.meta.url));

/** Static files are served without the worker: the build gives them the same headers as pages. */
const staticHeaders = {
  name: 'viewdeck:static-headers',
  hooks: {
    'astro:build:done': ({ dir }) => writeFileSync(new URL('_headers', dir), staticHeadersFile(DIRECTIVE_SCRIPT_SOURCES)),
  },
};

/** The file name of the newest D1 migration (as d1_migrations records it once applied). */
function latestMigration() {
  return readdirSync(new URL('./migrations', import.meta.url))
    .filter((name) => /^\d{4}_.*\.sql$/.test(name))
    .sort()
    .at(-1);
}

export default defineConfig({
  output: 'server',
  adapter: cloudflare({
    platformProxy: { enabled: true },
    imageService: 'passthrough',
    // Our own entry (src/worker.ts) wraps Astro's fetch handler and adds `scheduled`, which the
    // Cron Trigger in wrangler.toml calls to sync with Google; `astro dev` does not use it.
    // It also exports NetworkStore, the Durable Object class NETWORK_STORE binds (docs/partner-store.md).
    workerEntryPoint: { path: 'src/worker.ts', namedExports: ['NetworkStore', 'ReportDayLoad', 'ArchiveLoad'] },
  }),
  integrations: [react(), staticHeaders, islandFiles(), clientDirectives()],
  // src/server/http/origin-check.ts guards every state-changing /api request; pages take no posts.
  security: { checkOrigin: false },
  devToolbar: { enabled: false },
  // Every page's CSS in its own HTML: Astro's inline island loader is a parser-blocking script, so a
  // linked stylesheet would hold every server-rendered figure after it until the file arrived.
  build: { inlineStylesheets: 'always' },
  vite: {
    // Each build's id is part of the public page cache key (src/server/public/cache-key.ts), so a
    // deploy never serves pages rendered by the code it replaced.
    // The newest D1 migration goes in too: /healthz fails while the database has not applied it.
    define: {
      __BUILD_ID__: JSON.stringify(Date.now().toString(36)),
      __LATEST_MIGRATION__: JSON.stringify(latestMigration()),
      // Filled with the browser files each island needs once they are built (src/build/island-preloads.ts).
      __ISLAND_PRELOADS__: JSON.stringify(PRELOADS_PLACEHOLDER),
      // The CSP hashes of our client directives' inline scripts (src/build/client-directives.ts).
      __DIRECTIVE_SCRIPT_SOURCES__: JSON.stringify(DIRECTIVE_SCRIPT_SOURCES),
    },
    // Our <script> blocks always become /_astro files, never inline: the CSP allows no inline script
    // but Astro's own island loaders (src/server/http/script-hashes.ts). Other assets keep Vite's default.
    build: { assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined) },
  },
  // react-dom/server's browser build needs MessageChannel at load: wrangler.toml's
  // compatibility_date (2025-11-01) is after 2025-08-15, when workerd started exposing it.
});
