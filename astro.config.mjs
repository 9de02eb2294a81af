// Astro renders the shell and public pages in the worker; /api/* is handed to Hono.
import { defineConfig } from 'astro/config';
import cloudflare from '@astrojs/cloudflare';
import react from '@astrojs/react';

export default defineConfig({
  output: 'server',
  adapter: cloudflare({
    platformProxy: { enabled: true },
    imageService: 'passthrough',
    // Our own entry (src/worker.ts) wraps Astro's fetch handler and adds `scheduled`, which the
    // Cron Trigger in wrangler.toml calls to sync with Google; `astro dev` does not use it.
    workerEntryPoint: { path: 'src/worker.ts' },
  }),
  integrations: [react()],
  // src/server/origin-check.ts guards every state-changing /api request; pages take no posts.
  security: { checkOrigin: false },
  devToolbar: { enabled: false },
  // Each build's id is part of the public page cache key (src/server/public/cache-key.ts), so a
  // deploy never serves pages rendered by the code it replaced.
  vite: { define: { __BUILD_ID__: JSON.stringify(Date.now().toString(36)) } },
  // react-dom/server's browser build needs MessageChannel at load: wrangler.toml's
  // compatibility_date (2025-11-01) is after 2025-08-15, when workerd started exposing it.
});
