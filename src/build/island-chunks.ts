// How the browser build groups the islands' code into files.
// Left to Rollup, the dashboard island alone pulled twenty-odd files of a few hundred bytes each
// (one per set of islands sharing them). Over HTTP/1.1, which `npm start` serves, a browser fetches
// six files at a time, so the charts waited on that queue, not on bytes. Three groups instead:
// - react: React, its DOM renderer and the stores, which every island needs;
// - chart: Chart.js and our defaults for it, which every chart needs (still loaded only by charts);
// - partner: the dashboard island's modules that only the signed-in area's islands use, so the page a
//   partner lands on loads one file of them (the other signed-in pages share most of it), and a public
//   page never loads partner code; common: the dashboard's modules that other islands use too.
//   Modules the dashboard does not use stay in Rollup's files, so its page loads no other page's code.
// Island entries and lazily imported modules keep their own files, so what loads later still does.
import type { ManualChunkMeta } from 'rollup';

/** The signed-in area's first page's island, whose imports the groups follow. */
const DASHBOARD = /\/src\/islands\/dashboard\/Dashboard(\.tsx)?$/;

/** The island folders (src/islands/<folder>) of the signed-in area. */
const PARTNER_FOLDERS = ['dashboard', 'details', 'analytics', 'illegal', 'profile', 'support', 'streams', 'console'];

const VENDOR_GROUPS: [RegExp, string][] = [
  [/\/node_modules\/(react|react-dom|scheduler|nanostores|@nanostores\/react|@astrojs\/react)\//, 'react'],
  [/\/node_modules\/(chart\.js|@kurkle\/color|react-chartjs-2)\//, 'chart'],
  [/\/src\/islands\/shared\/chart-defaults\.ts$/, 'chart'],
];

/** The file a module of the browser build goes into, or undefined to leave it to Rollup. */
export function islandChunk(id: string, meta: Pick<ManualChunkMeta, 'getModuleInfo'>): string | undefined {
  for (const [pattern, name] of VENDOR_GROUPS) if (pattern.test(posix(id))) return name;
  if (isRoot(id, meta)) return undefined;
  // Rollup puts what a grouped module imports into its group, unless it is grouped itself: so code the
  // signed-in islands share with others is grouped too (common), or a public island would load `partner`.
  const { dashboard, other } = rootsOf(id, meta);
  if (!dashboard) return undefined;
  return other ? 'common' : 'partner';
}

/** An island (built through Astro's `\0astro-entry:` module), a page's script or a module imported lazily: each keeps its own file. */
function isRoot(id: string, { getModuleInfo }: Pick<ManualChunkMeta, 'getModuleInfo'>): boolean {
  const info = getModuleInfo(id);
  if (!info || info.isEntry || info.dynamicImporters.length > 0) return true;
  return info.importers.some((importer) => importer.startsWith('\0astro-entry:'));
}

/** Whether the dashboard island imports this module (through static imports), and whether any root outside the signed-in area's islands does. */
function rootsOf(id: string, meta: Pick<ManualChunkMeta, 'getModuleInfo'>): { dashboard: boolean; other: boolean } {
  const found = { dashboard: false, other: false };
  const seen = new Set<string>();
  const pending = [id];
  while (pending.length > 0) {
    const current = pending.pop()!;
    if (seen.has(current)) continue;
    seen.add(current);
    const info = meta.getModuleInfo(current);
    if (current !== id && isRoot(current, meta)) {
      // A lazily imported module loads later, so what only it uses must not load with the island.
      const lazy = (info?.dynamicImporters.length ?? 0) > 0;
      if (lazy || !isPartnerIsland(current)) found.other = true;
      else if (DASHBOARD.test(posix(current))) found.dashboard = true;
      continue;
    }
    pending.push(...(info?.importers ?? []));
  }
  return found;
}

function isPartnerIsland(id: string): boolean {
  const folder = /\/src\/islands\/([^/]+)\//.exec(posix(id))?.[1];
  return folder !== undefined && PARTNER_FOLDERS.includes(folder);
}

/** Module ids with forward slashes, as the patterns above write them (Windows paths too). */
const posix = (id: string) => id.replaceAll('\\', '/');
