// `npm run dev`: hot-reloading Astro dev server over local D1/KV (platform proxy), seeded like npm start.
import path from 'node:path';
import { ensureLocalVars } from './lib/local-vars.ts';
import { mustRun, runCommand, WRANGLER_ENV } from './lib/run.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

ensureLocalVars(ROOT);
await mustRun('npx', ['tsx', 'scripts/seed.ts', '--if-empty'], { cwd: ROOT, env: WRANGLER_ENV });
process.exit(await runCommand('npx', ['astro', 'dev', ...process.argv.slice(2)], { cwd: ROOT }));
