// Astro renders the shell and public pages in the worker; /api/* is handed to Hono.
import { defineConfig } from 'astro/config';
import cloudflare from '@astrojs/cloudflare';
import react from '@astrojs/react';

export default defineConfig({
  output: 'server',
  adapter: cloudflare({
    platformProxy: { enabled: true },
    imageService: 'passthrough',
  }),
  integrations: [react()],
  // Our own Origin check covers JSON and form posts alike (src/middleware.ts).
  security: { checkOrigin: false },
  devToolbar: { enabled: false },
  vite: {
    resolve: {
      // react-dom/server's browser build needs MessageChannel at load; the edge build does not.
      alias: import.meta.env?.PROD ? { 'react-dom/server': 'react-dom/server.edge' } : {},
    },
  },
});
