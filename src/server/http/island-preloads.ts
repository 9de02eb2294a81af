// The browser files an island needs, for <link rel="modulepreload"> in the page's head: a browser then
// fetches them all while the page arrives, instead of one level of imports after another once the
// island starts. The build fills the table (src/build/island-preloads.ts); under `astro dev` it is empty.

/** Astro's React renderer: every island hydrates through it. */
const RENDERER = 'node_modules/@astrojs/react/dist/client';

let table: Record<string, string[]> | undefined;

function readTable(text: string): Record<string, string[]> {
  // Anything but the filled table (the placeholder, or nothing outside a build) means no preloads.
  if (!text.startsWith('{')) return {};
  return JSON.parse(text) as Record<string, string[]>;
}

/**
 * The files to preload for these modules (paths from the project's root without extension, as `src/islands/…/X`) and
 * the React renderer, each once. A module the build does not know is skipped: a page is never held by it.
 */
export function preloadFiles(modules: readonly string[]): string[] {
  if (modules.length === 0) return [];
  const files = new Set<string>();
  // Read on the first page that asks, not when the worker starts.
  table ??= readTable(typeof __ISLAND_PRELOADS__ === 'string' ? __ISLAND_PRELOADS__ : '');
  for (const module of [RENDERER, ...modules]) for (const file of table[module] ?? []) files.add(file);
  return [...files];
}
