// `npx tsx scripts/check-deploy.ts`: what a production deploy still lacks in wrangler.toml and its secrets
// (placeholder ids, PUBLIC_URL, bindings, the paid plan's CPU limits, a custom domain), and what the build
// would publish: wrangler's dry run must accept it, the gzipped worker must fit Cloudflare's 3 MB limit, and
// the server code and routing file in dist/ must stay out of the static files.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { experimental_readRawConfig } from 'wrangler';
import { runCommand, WRANGLER_ENV } from './lib/run.ts';
import { parseCommand, refuse } from './lib/cli.ts';
import { configFindings, secretNamesFrom, type Finding } from './deploy/config-findings.ts';

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

/**
 * Prints the findings of wrangler.toml (and of the secrets, given their names) and resolves true when none is
 * an error; warnings name what stays off.
 * @example if (!checkConfig('wrangler.toml', ['ADMIN_TOKEN'])) process.exitCode = 1
 */
export function checkConfig(configPath: string, secretNames?: readonly string[]): boolean {
  const { rawConfig } = experimental_readRawConfig({ config: configPath });
  const findings = configFindings(rawConfig, secretNames);
  const line = (f: Finding) => `${f.level === 'error' ? 'ERROR  ' : 'warning'} ${f.what}\n        → ${f.todo}`;
  for (const finding of findings) console.log(line(finding));
  const errors = findings.filter((f) => f.level === 'error').length;
  const secretsNote = secretNames ? '' : ' (secrets not checked: pass --secrets-from)';
  console.log(`config check: ${errors} errors, ${findings.length - errors} warnings in ${configPath}${secretsNote}.`);
  return errors === 0;
}

const USAGE = `usage: npx tsx scripts/check-deploy.ts [--config wrangler.toml] [--secrets-from FILE] [--config-only | --build-only]
  Checks a production deploy before \`wrangler deploy\` (docs/deploy.md), in two parts:
  1. the configuration: placeholder ids still in wrangler.toml (the zeros), PUBLIC_URL unset or not https,
     APP_ENV not production, a missing binding (DB, KV, SESSION, FILES, REPORTS, NETWORK_STORE, REPORT_LOADS,
     ARCHIVE_LOADS) or SQLite class, [limits] cpu_ms below what a sign-in (~70 ms) or a report load step
     (30 s at the default piece size) needs or above 300,000, secrets written in [vars]; warnings: MAIL_API_URL
     unset (mail is optional), no custom domain or route (the edge page cache does nothing on *.workers.dev),
     example addresses, no cron. Each finding says what to do.
  2. the build (run npm run build first): dist/.assetsignore keeps the server code out of the static files,
     wrangler deploy --dry-run accepts it (output in ${OUT_DIR}), and the gzipped worker fits
     ${MAX_WORKER_GZIP_BYTES / 1024 / 1024} MB. npm test runs this part on every change.
  --config FILE        the wrangler configuration to read (default wrangler.toml)
  --secrets-from FILE  the Worker's secret names, to name the missing ones: the output of
                       \`npx wrangler secret list > secrets.json\` (names only, never values), or one name a line
  --config-only        only part 1 (no build needed); --build-only: only part 2
  Exit codes: 0 nothing to fix (warnings may remain), 1 an error finding or a failed build check,
  2 a command line it does not understand.
  Example: npx wrangler secret list > .tmp/secrets.json && npx tsx scripts/check-deploy.ts --secrets-from .tmp/secrets.json`;

/** The secret names in the file given, or a refusal naming what is wrong with it. */
function secretsOption(file: string | undefined): string[] | undefined {
  if (file === undefined) return undefined;
  if (!existsSync(file)) refuse(USAGE, `--secrets-from: no file ${file} (save \`npx wrangler secret list\` into it first)`);
  try {
    return secretNamesFrom(readFileSync(file, 'utf8'));
  } catch (error) {
    return refuse(USAGE, `--secrets-from ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseCommand(USAGE, {
    options: {
      config: { type: 'string', default: 'wrangler.toml' },
      'secrets-from': { type: 'string' },
      'config-only': { type: 'boolean', default: false },
      'build-only': { type: 'boolean', default: false },
    },
  });
  if (values['config-only'] && values['build-only']) refuse(USAGE, 'Give --config-only or --build-only, not both.');
  if (!existsSync(values.config)) refuse(USAGE, `--config: no file ${values.config}`);
  const secretNames = secretsOption(values['secrets-from']);
  const configOk = values['build-only'] || checkConfig(values.config, secretNames);
  const buildOk = values['config-only'] || (await checkDeploy(path.resolve(import.meta.dirname, '..')));
  process.exit(configOk && buildOk ? 0 : 1);
}
