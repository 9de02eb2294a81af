// The README and docs name commands and files a person then looks for: each `npm run X` must be a
// package.json script, and each path into the repository (src/, scripts/, tests/, migrations/) must
// exist. A rename or a removed script that leaves a doc behind fails here, not for the next reader.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DOCS = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/** A repository path as docs write it: a top folder, then a file with an extension. */
const REPO_PATH = /(?<![\w/.-])((?:src|scripts|tests|migrations)\/[\w/.[\]-]+\.(?:tsx|ts|astro|sql|mjs|css))(?!\w)/g;
/** Placeholders of a recipe, not files: migrations/NNNN_what_it_does.sql. */
const PLACEHOLDER = /NNNN/;

function mentions(pattern: RegExp): Array<{ doc: string; found: string }> {
  return DOCS.flatMap((doc) => [...readFileSync(path.join(ROOT, doc), 'utf8').matchAll(pattern)].map((m) => ({ doc, found: m[1]! })));
}

describe('docs references', () => {
  it('every `npm run X` in README and docs is a package.json script', () => {
    const named = mentions(/npm run ([\w:-]+)/g);
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter(({ found }) => !(found in scripts))).toEqual([]);
  });

  it('every repository path in README and docs exists', () => {
    const paths = mentions(REPO_PATH).filter(({ found }) => !PLACEHOLDER.test(found));
    expect(paths.length).toBeGreaterThan(100);
    expect(paths.filter(({ found }) => !existsSync(path.join(ROOT, found)))).toEqual([]);
  });
});
