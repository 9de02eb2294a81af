// How the browser build groups modules, on a small module graph shaped like the real one.
import type { ManualChunkMeta, ModuleInfo } from 'rollup';
import { describe, expect, it } from 'vitest';
import { islandChunk } from './island-chunks';

const ENTRY = '\0astro-entry:';
/** Module → its static importers (entries have none), and which modules are imported lazily. */
const importers: Record<string, string[]> = {
  [`${ENTRY}/p/src/islands/dashboard/Dashboard`]: [],
  [`${ENTRY}/p/src/islands/details/Details`]: [],
  [`${ENTRY}/p/src/islands/global/MainGraph`]: [],
  '/p/src/islands/dashboard/Dashboard.tsx': [`${ENTRY}/p/src/islands/dashboard/Dashboard`],
  '/p/src/islands/details/Details.tsx': [`${ENTRY}/p/src/islands/details/Details`],
  '/p/src/islands/global/MainGraph.tsx': [`${ENTRY}/p/src/islands/global/MainGraph`],
  '/p/src/islands/dashboard/PeriodSelect.tsx': ['/p/src/islands/dashboard/Dashboard.tsx', '/p/src/islands/details/Details.tsx'],
  '/p/src/lib/periods.ts': ['/p/src/islands/dashboard/PeriodSelect.tsx'],
  '/p/src/lib/stat-format.ts': ['/p/src/islands/dashboard/Dashboard.tsx', '/p/src/islands/global/MainGraph.tsx'],
  '/p/src/lib/details/columns.ts': ['/p/src/islands/details/Details.tsx'],
  '/p/src/islands/details/SortHead.tsx': ['/p/src/islands/details/Details.tsx', '/p/src/islands/analytics/Analytics.tsx'],
  '/p/src/islands/dashboard/LazyTrendChart.tsx': ['/p/src/islands/dashboard/Dashboard.tsx'],
  '/p/src/islands/dashboard/TrendChart.tsx': [],
  '/p/src/islands/dashboard/chart-setup.ts': ['/p/src/islands/dashboard/TrendChart.tsx'],
  '/p/node_modules/react/index.js': ['/p/src/islands/dashboard/Dashboard.tsx'],
  '/p/node_modules/chart.js/dist/chart.js': ['/p/src/islands/dashboard/chart-setup.ts'],
  '/p/node_modules/dayjs/dayjs.min.js': ['/p/src/lib/periods.ts'],
};
const lazy = new Set(['/p/src/islands/dashboard/TrendChart.tsx']);

const meta: Pick<ManualChunkMeta, 'getModuleInfo'> = {
  getModuleInfo: (id) =>
    id in importers
      ? ({
          id,
          isEntry: id.startsWith(ENTRY),
          importers: importers[id],
          dynamicImporters: lazy.has(id) ? ['/p/src/islands/dashboard/LazyTrendChart.tsx'] : [],
        } as unknown as ModuleInfo)
      : null,
};

describe('islandChunk', () => {
  it('puts React and Chart.js in their own files, whoever imports them', () => {
    expect(islandChunk('/p/node_modules/react/index.js', meta)).toBe('react');
    expect(islandChunk('/p/node_modules/chart.js/dist/chart.js', meta)).toBe('chart');
  });

  it("groups the dashboard's modules used only by signed-in islands as partner, with what they import", () => {
    expect(islandChunk('/p/src/islands/dashboard/PeriodSelect.tsx', meta)).toBe('partner');
    expect(islandChunk('/p/src/lib/periods.ts', meta)).toBe('partner');
    expect(islandChunk('/p/node_modules/dayjs/dayjs.min.js', meta)).toBe('partner');
    expect(islandChunk('/p/src/islands/dashboard/LazyTrendChart.tsx', meta)).toBe('partner');
  });

  it('groups what the dashboard shares with a public island as common, so public pages never load partner', () => {
    expect(islandChunk('/p/src/lib/stat-format.ts', meta)).toBe('common');
  });

  it('leaves to Rollup the islands themselves, what is imported lazily, and what the dashboard does not use', () => {
    expect(islandChunk('/p/src/islands/dashboard/Dashboard.tsx', meta)).toBeUndefined();
    expect(islandChunk(`${ENTRY}/p/src/islands/dashboard/Dashboard`, meta)).toBeUndefined();
    expect(islandChunk('/p/src/islands/dashboard/TrendChart.tsx', meta)).toBeUndefined();
    expect(islandChunk('/p/src/islands/dashboard/chart-setup.ts', meta)).toBeUndefined();
    expect(islandChunk('/p/src/lib/details/columns.ts', meta)).toBeUndefined();
    expect(islandChunk('/p/src/islands/details/SortHead.tsx', meta)).toBeUndefined();
  });
});
