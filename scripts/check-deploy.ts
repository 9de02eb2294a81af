// `npx tsx scripts/check-deploy.ts` (after `astro build`): what a deploy would publish. wrangler's dry
// run must accept the build, the gzipped worker must fit Cloudflare's 3 MB limit, and the server code
// and routing file in dist/ must stay out of the static files.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { runCommand, WRANGLER_ENV } from './lib/run.ts';
import { parseCommand } from './lib/cli.ts';

/** Cloudflare's limit on a Worker's compressed size (free plan; paid plans allow 10 MB). */
export const MAX_WORKER_GZIP_BYTES = 3 * 1024 * 1024;
/** What dist/.assetsignore (copied from public/) must keep out of the published static files. */
const MUST_IGNORE = ['_worker.js', '_routes.json'];
const OUT_DIR = path.join('.tmp', 'deploy-check');
/** Files wrangler writes next to the bundle that are not uploaded as modules. */
const NOT_UPLOADED = /(\.map|README\.md)$/;

/** The modules a deploy would upload, gzipped together the way wrangler measures them. */
function gzippedSize(dir: string): number {
  const files = readdirSync(dir)
    .filter((name) => !NOT_UPLOADED.test(name))
    .sort();
  return gzipSync(Buffer.concat(files.map((name) => readFileSync(path.join(dir, name))))).byteLength;
}

/** The entries of dist/.assetsignore that are missing, or all of them when the file is absent. */
function missingIgnores(root: string): string[] {
  const file = path.join(root, 'dist', '.assetsignore');
  const lines = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .map((l) => l.trim())
    : [];
  return MUST_IGNORE.filter((entry) => !lines.includes(entry));
}

/**
 * Runs the checks on the existing build; prints what it found and resolves true when all pass.
 * @example if (!(await checkDeploy(ROOT))) process.exit(1)
 */
export async function checkDeploy(root: string): Promise<boolean> {
  const missing = missingIgnores(root);
  if (missing.length > 0) {
    console.error(`deploy check: dist/.assetsignore does not list ${missing.join(', ')}: the server code would be published.`);
    return false;
  }
  const outDir = path.join(root, OUT_DIR);
  rmSync(outDir, { recursive: true, force: true });
  const code = await runCommand('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', OUT_DIR], { cwd: root, env: WRANGLER_ENV });
  if (code !== 0) {
    console.error(`deploy check: wrangler deploy --dry-run exited with ${code}.`);
    return false;
  }
  const size = gzippedSize(outDir);
  const fits = size <= MAX_WORKER_GZIP_BYTES;
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);
  console.log(`deploy check: worker is ${mb(size)} MB gzipped (limit ${mb(MAX_WORKER_GZIP_BYTES)} MB)${fits ? '' : ': too large'}.`);
  return fits;
}

const USAGE = `usage: npx tsx scripts/check-deploy.ts
  Checks what a deploy would publish, on the existing build (run astro build first): dist/.assetsignore
  keeps the server code out of the static files, wrangler deploy --dry-run accepts the build (its output
  in ${OUT_DIR}), and the gzipped worker fits ${MAX_WORKER_GZIP_BYTES / 1024 / 1024} MB. Prints the worker's size; exits 1 when a
  check fails. npm test runs it after the build. No options besides --help.`;

if (import.meta.url === `file://${process.argv[1]}`) {
  parseCommand(USAGE, { options: {} });
  process.exit((await checkDeploy(path.resolve(import.meta.dirname, '..'))) ? 0 : 1);
}
