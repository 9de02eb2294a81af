// Which files each island needs, written into the worker after the browser build, so a page can list
// them in its head (<link rel="modulepreload">). Without it a browser finds an island's imports only
// once the island's own file has arrived, then theirs, level by level, after the page has finished.
// Astro builds the worker before the browser files, so the worker carries a placeholder that this
// fills once their names are known (Astro fills its own manifest the same way).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { OutputBundle } from 'rollup';

export const PRELOADS_PLACEHOLDER = '@@VIEWDECK_ISLAND_PRELOADS@@';

/** Module (path from the project's root, without extension) → the files it loads before it runs, its own first. */
export type PreloadTable = Record<string, string[]>;

/** Every entry's and lazily imported module's files, from the browser build's output. */
export function preloadTable(bundle: OutputBundle, root: string, base = '/'): PreloadTable {
  const table: PreloadTable = {};
  for (const chunk of Object.values(bundle)) {
    const module = chunk.type === 'chunk' ? moduleKey(chunk.facadeModuleId, root) : undefined;
    if (chunk.type !== 'chunk' || !module) continue;
    // A Set keeps the order files were first reached in: the island's own first.
    const files = new Set<string>();
    const visit = (fileName: string) => {
      if (files.has(fileName)) return;
      files.add(fileName);
      const imported = bundle[fileName];
      if (imported?.type === 'chunk') imported.imports.forEach(visit);
    };
    visit(chunk.fileName);
    table[module] = [...files].map((file) => base + file);
  }
  return table;
}

/** An island is built through Astro's own entry module (`\0astro-entry:/…/Dashboard`), named as imported. */
function moduleKey(facade: string | null, root: string): string | undefined {
  if (!facade) return undefined;
  const path = facade.replace(/^\0astro-entry:/, '');
  if (path.startsWith('\0')) return undefined;
  return relative(root, path)
    .replaceAll('\\', '/')
    .replace(/\.(tsx|ts|jsx|js)$/, '');
}

/** Writes the table into the worker's files in place of the placeholder; fails the build if it is not there once. */
export function fillPlaceholder(workerDir: string, table: PreloadTable): void {
  const quoted = new RegExp(`(['"])${PRELOADS_PLACEHOLDER}\\1`, 'g');
  let filled = 0;
  for (const file of scriptFiles(workerDir)) {
    const code = readFileSync(file, 'utf8');
    if (!code.includes(PRELOADS_PLACEHOLDER)) continue;
    const count = code.match(quoted)?.length ?? 0;
    writeFileSync(
      file,
      code.replace(quoted, () => JSON.stringify(JSON.stringify(table))),
    );
    filled += count;
  }
  if (filled !== 1) throw new Error(`island preloads: expected the placeholder once in ${workerDir}, found it ${filled} times`);
}

function scriptFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.m?js$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}
