// `npm run dev`: hot-reloading Astro dev server over local D1/KV (platform proxy), seeded like npm start.
import path from 'node:path';
import { ensureLocalVars } from './lib/local-vars.ts';
import { mustRun, runCommand, WRANGLER_ENV } from './lib/run.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const USAGE = `usage: npm run dev [-- <astro dev options>]
  Applies the migrations to the local D1 and loads the demo dataset when it is empty (minutes the first
  time, with the seed's progress), then runs Astro's dev server with hot reload over the same local state
  until stopped (Ctrl-C). Every other argument goes to astro dev, which names its own: npx astro dev --help.`;
const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}

ensureLocalVars(ROOT);
await mustRun('npx', ['tsx', 'scripts/seed.ts', '--if-empty'], { cwd: ROOT, env: WRANGLER_ENV });
process.exit(await runCommand('npx', ['astro', 'dev', ...args], { cwd: ROOT }));
