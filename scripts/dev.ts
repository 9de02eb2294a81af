// `npm run dev`: hot-reloading Astro dev server over local D1/KV (platform proxy), seeded like npm start.
import path from 'node:path';
import { ensureLocalVars } from './lib/local-vars.ts';
import { mustRun, runCommand, WRANGLER_ENV } from './lib/run.ts';
import { parseCommand } from './lib/cli.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const USAGE = `usage: npm run dev [-- --port N] [--host ADDRESS]
  Applies the migrations to the local D1 and loads the demo dataset when it is empty (minutes the first
  time, with the seed's progress), then runs Astro's dev server with hot reload over the same local state
  until stopped (Ctrl-C). For the built worker as it is deployed, use npm start.
  --port N          the dev server's port (astro's default, 4321)
  --host ADDRESS    listen on this address too (astro dev --host), e.g. 0.0.0.0
example:
  npm run dev -- --port 4400`;

// Only what is named here goes to astro dev, which would otherwise start whatever it is given.
const { values } = parseCommand(USAGE, { options: { port: { type: 'string' }, host: { type: 'string' } } });
const astroArgs = [...(values.port ? ['--port', values.port] : []), ...(values.host ? ['--host', values.host] : [])];

ensureLocalVars(ROOT);
await mustRun('npx', ['tsx', 'scripts/seed.ts', '--if-empty'], { cwd: ROOT, env: WRANGLER_ENV });
process.exit(await runCommand('npx', ['astro', 'dev', ...astroArgs], { cwd: ROOT }));
