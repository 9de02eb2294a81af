// Report files found on the command line keep names a person can tell apart, and their modification times.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { collectReportFiles } from './collect-files';

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

function file(relative: string, modified: number): void {
  const at = path.join(root, relative);
  mkdirSync(path.dirname(at), { recursive: true });
  writeFileSync(at, 'date,channel_id\n');
  utimesSync(at, modified, modified);
}

describe('collectReportFiles', () => {
  it('names files relative to the folder given, so two files of one name differ, with their times', () => {
    root = mkdtempSync(path.join(tmpdir(), 'collect-'));
    file('reports/x.csv', 1_700_000_000);
    file('reports/backfill/x.csv', 1_700_086_400);
    file('reports/notes.md', 1_700_000_000);
    const found = collectReportFiles([path.join(root, 'reports')]);
    expect(found.map((f) => [f.name, f.modified])).toEqual([
      ['backfill/x.csv', 1_700_086_400],
      ['x.csv', 1_700_000_000],
    ]);
  });

  it('falls back to the paths as given when two folders hold the same name', () => {
    root = mkdtempSync(path.join(tmpdir(), 'collect-'));
    file('a/x.csv', 1_700_000_000);
    file('b/x.csv', 1_700_000_000);
    file('b/y.csv', 1_700_000_000);
    const found = collectReportFiles([path.join(root, 'a'), path.join(root, 'b')]);
    expect(found.map((f) => f.name)).toEqual([path.join(root, 'a/x.csv'), path.join(root, 'b/x.csv'), 'y.csv']);
  });
});
