// The preload table follows each entry's static imports, names islands as imported, and is written
// into the worker exactly once.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OutputBundle, OutputChunk } from 'rollup';
import { afterEach, describe, expect, it } from 'vitest';
import { fillPlaceholder, preloadTable, PRELOADS_PLACEHOLDER } from './island-preloads';

const ROOT = '/project';

function chunk(fileName: string, facadeModuleId: string | null, imports: string[], dynamicImports: string[] = []): OutputChunk {
  return { type: 'chunk', fileName, facadeModuleId, imports, dynamicImports } as unknown as OutputChunk;
}

function bundleOf(...chunks: OutputChunk[]): OutputBundle {
  return Object.fromEntries(chunks.map((c) => [c.fileName, c]));
}

describe('preloadTable', () => {
  const bundle = bundleOf(
    chunk(
      '_astro/Dashboard.a.js',
      '\0astro-entry:/project/src/islands/dashboard/Dashboard',
      ['_astro/partner.b.js', '_astro/react.c.js'],
      ['_astro/TrendChart.d.js'],
    ),
    chunk('_astro/partner.b.js', null, ['_astro/react.c.js', '_astro/common.e.js']),
    chunk('_astro/common.e.js', null, ['_astro/react.c.js']),
    chunk('_astro/react.c.js', null, []),
    chunk('_astro/TrendChart.d.js', '/project/src/islands/dashboard/TrendChart.tsx', ['_astro/chart.f.js', '_astro/react.c.js']),
    chunk('_astro/chart.f.js', null, ['_astro/common.e.js']),
    chunk('_astro/client.g.js', '/project/node_modules/@astrojs/react/dist/client.js', ['_astro/react.c.js']),
    chunk('_astro/virtual.h.js', '\0virtual:something', []),
  );
  const table = preloadTable(bundle, ROOT);

  it('lists an island with every file its static imports reach, its own first, each once', () => {
    expect(table['src/islands/dashboard/Dashboard']).toEqual([
      '/_astro/Dashboard.a.js',
      '/_astro/partner.b.js',
      '/_astro/react.c.js',
      '/_astro/common.e.js',
    ]);
  });

  it('leaves out what the island imports lazily, which has its own entry', () => {
    expect(table['src/islands/dashboard/Dashboard']).not.toContain('/_astro/TrendChart.d.js');
    expect(table['src/islands/dashboard/TrendChart']).toEqual([
      '/_astro/TrendChart.d.js',
      '/_astro/chart.f.js',
      '/_astro/common.e.js',
      '/_astro/react.c.js',
    ]);
  });

  it('names modules by their path from the root without extension, and skips virtual modules and shared files', () => {
    expect(Object.keys(table).sort()).toEqual([
      'node_modules/@astrojs/react/dist/client',
      'src/islands/dashboard/Dashboard',
      'src/islands/dashboard/TrendChart',
    ]);
  });
});

describe('fillPlaceholder', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function workerWith(files: Record<string, string>): string {
    dir = mkdtempSync(join(tmpdir(), 'island-preloads-'));
    for (const [name, code] of Object.entries(files)) {
      mkdirSync(join(dir, name, '..'), { recursive: true });
      writeFileSync(join(dir, name), code);
    }
    return dir;
  }

  it('writes the table as the string the worker parses', () => {
    const worker = workerWith({ 'chunks/a.mjs': `const table = readTable("${PRELOADS_PLACEHOLDER}");`, 'index.js': 'export {};' });
    const table = { 'src/islands/x/X': ['/_astro/X.1.js', '/_astro/react.2.js'] };
    fillPlaceholder(worker, table);
    const code = readFileSync(join(worker, 'chunks/a.mjs'), 'utf8');
    const written = /readTable\((".*")\)/.exec(code)?.[1];
    expect(JSON.parse(JSON.parse(written!))).toEqual(table);
    expect(code).not.toContain(PRELOADS_PLACEHOLDER);
  });

  it('fails the build when the placeholder is missing or there twice', () => {
    expect(() => fillPlaceholder(workerWith({ 'a.mjs': 'export {};' }), {})).toThrow(/found it 0 times/);
    rmSync(dir, { recursive: true, force: true });
    const twice = `f("${PRELOADS_PLACEHOLDER}"); g('${PRELOADS_PLACEHOLDER}');`;
    expect(() => fillPlaceholder(workerWith({ 'a.mjs': twice }), {})).toThrow(/found it 2 times/);
  });
});
