// The browser build's island files: grouped (island-chunks.ts) and listed for preloading (island-preloads.ts).
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { islandChunk } from './island-chunks.ts';
import { fillPlaceholder, preloadTable, type PreloadTable } from './island-preloads.ts';

export function islandFiles(): AstroIntegration {
  let root = '';
  let workerDir = '';
  let table: PreloadTable | undefined;
  return {
    name: 'viewdeck:island-files',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
        workerDir = fileURLToPath(config.build.server);
      },
      'astro:build:setup': ({ vite, target }) => {
        if (target !== 'client') return;
        vite.build ??= {};
        vite.build.rollupOptions ??= {};
        // Astro sets no output options of its own for this build; ours are the only ones.
        vite.build.rollupOptions.output = { ...vite.build.rollupOptions.output, manualChunks: (id, meta) => islandChunk(id, meta) };
        vite.plugins ??= [];
        vite.plugins.push({
          name: 'viewdeck:island-preloads',
          generateBundle(_options, bundle) {
            table = preloadTable(bundle, root);
          },
        });
      },
      'astro:build:done': () => {
        if (!table) throw new Error('island preloads: the browser build gave no output');
        fillPlaceholder(workerDir, table);
      },
    },
  };
}
