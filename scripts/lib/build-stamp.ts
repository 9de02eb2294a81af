// Decides whether dist/ is older than the sources, so a second `npm start` skips the build.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const INPUTS = ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];
const STAMP_FILE = 'dist/.build-stamp';

function listFiles(entry: string): string[] {
  if (!existsSync(entry)) return [];
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry).flatMap((name) => listFiles(path.join(entry, name)));
}

/** A digest of every input file's path, size and modification time. */
export function sourceDigest(root: string): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap((i) => listFiles(path.join(root, i))).sort()) {
    const { size, mtimeMs } = statSync(file);
    hash.update(`${path.relative(root, file)}:${size}:${mtimeMs}\n`);
  }
  return hash.digest('hex');
}

/** True when dist/ was built from exactly the current sources. */
export function isBuildCurrent(root: string): boolean {
  const stamp = path.join(root, STAMP_FILE);
  return existsSync(stamp) && readFileSync(stamp, 'utf8') === sourceDigest(root);
}

/** Records that dist/ matches the current sources. */
export function writeBuildStamp(root: string): void {
  writeFileSync(path.join(root, STAMP_FILE), sourceDigest(root));
}
