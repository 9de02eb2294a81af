// Report files found on the command line keep names a person can tell apart.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { collectReportFiles } from './collect-files';

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

function file(relative: string): void {
  const at = path.join(root, relative);
  mkdirSync(path.dirname(at), { recursive: true });
  writeFileSync(at, 'date,channel_id\n');
}

describe('collectReportFiles', () => {
  it('names files relative to the folder given, so two files of one name differ', () => {
    root = mkdtempSync(path.join(tmpdir(), 'collect-'));
    file('reports/x.csv');
    file('reports/backfill/x.csv');
    file('reports/notes.md');
    const found = collectReportFiles([path.join(root, 'reports')]);
    expect(found.map((f) => f.name)).toEqual(['backfill/x.csv', 'x.csv']);
  });

  it('falls back to the paths as given when two folders hold the same name', () => {
    root = mkdtempSync(path.join(tmpdir(), 'collect-'));
    file('a/x.csv');
    file('b/x.csv');
    file('b/y.csv');
    const found = collectReportFiles([path.join(root, 'a'), path.join(root, 'b')]);
    expect(found.map((f) => f.name)).toEqual([path.join(root, 'a/x.csv'), path.join(root, 'b/x.csv'), 'y.csv']);
  });
});
