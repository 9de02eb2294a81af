// Decides whether dist/ is older than the sources, so a second `npm start` skips the build.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runCommand } from './run.ts';

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

/**
 * Runs `astro build` (its output shown) and stamps dist/ with the sources it was built from. A failed build
 * throws, saying what to do, and writes no stamp, so the next run builds again.
 */
export async function buildDist(root: string): Promise<void> {
  const code = await runCommand('npx', ['astro', 'build'], { cwd: root });
  if (code !== 0) throw new Error(`astro build exited with ${code}: fix the errors it printed above, then run this again`);
  writeBuildStamp(root);
}

/**
 * Builds dist/ unless it was built from the current sources; answers whether it built.
 * @example if (!(await buildIfStale(ROOT))) console.log('build: dist/ is up to date');
 */
export async function buildIfStale(root: string): Promise<boolean> {
  if (isBuildCurrent(root)) return false;
  await buildDist(root);
  return true;
}
