// Fixture files for the fake Google server, read from the real YouTube samples and our own test fixtures.
import { readFileSync } from 'node:fs';
import path from 'node:path';
export { csvForDay as csvForDate } from '../csv';

const REPO = path.resolve(import.meta.dirname, '../../../..');
/** Where a fixture path may point: 'youtube/…' (real samples), 'ingest/…' or 'sync/…' (ours), 'generated/…' (a benchmark's). */
const ROOTS: Record<string, string> = {
  youtube: path.join(REPO, 'tests/fixtures/youtube'),
  ingest: path.join(REPO, 'tests/fixtures/ingest'),
  sync: path.join(REPO, 'tests/integration/sync/fixtures'),
  // Reports a benchmark generated for this run (npm run bench:sync), never committed.
  ...(process.env.FAKE_GOOGLE_GENERATED ? { generated: process.env.FAKE_GOOGLE_GENERATED } : {}),
};

/** A fixture's bytes by 'root/relative/path'; anything outside the roots is refused. */
/** The file a fixture reference names, refused outside its root. */
export function fixturePath(ref: string): string {
  const [root = '', ...rest] = ref.split('/');
  const base = ROOTS[root];
  const file = base ? path.resolve(base, rest.join('/')) : '';
  if (!base || !file.startsWith(`${base}${path.sep}`)) throw new Error(`unknown fixture ${ref}`);
  return file;
}

export function readFixture(ref: string): Buffer {
  return readFileSync(fixturePath(ref));
}

export function readJsonFixture(ref: string): unknown {
  return JSON.parse(readFixture(ref).toString('utf8'));
}
