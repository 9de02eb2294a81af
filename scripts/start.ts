// `npm start`: build if the sources changed, migrate and seed local D1 when empty, serve with wrangler dev.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { DEMO_USERS } from './demo/users.ts';
import { buildIfStale } from './lib/build-stamp.ts';
import { ensureLocalVars, partnerStoreFlag } from './lib/local-vars.ts';
import { DEV_SERVER_ENV, forwardSignals, mustRun, waitForUrl, WRANGLER_ENV } from './lib/run.ts';
import { parseCommand } from './lib/cli.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const DEFAULT_PORT = 8787;
const READY_TIMEOUT_MS = 60_000;
const USAGE = `usage: npm start
  Builds the site when the sources changed since the last build, applies the migrations to the local D1
  and loads the demo dataset into it when it is empty (minutes the first time, with the seed's progress),
  then serves the built worker with wrangler dev. Once it answers, prints the address, the demo
  sign-ins and the local mail outbox; it runs until stopped (Ctrl-C).
  No options besides --help. PORT sets the port (default ${DEFAULT_PORT}); PARTNER_STORE, when set, is passed to
  the server; .dev.vars (APP_ENV, ADMIN_TOKEN, written when missing) holds the other local settings.`;

async function main(): Promise<void> {
  parseCommand(USAGE, { options: {} });
  const started = Date.now();
  const port = Number(process.env.PORT ?? DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`PORT must be a whole number from 1 to 65535, got "${process.env.PORT}"`);
  }
  ensureLocalVars(ROOT);
  if (!(await buildIfStale(ROOT))) console.log('build: dist/ is up to date');
  // Applies pending migrations, then loads the demo dataset only into an empty local database.
  await mustRun('npx', ['tsx', 'scripts/seed.ts', '--if-empty'], { cwd: ROOT, env: WRANGLER_ENV });

  const server = spawn(
    'npx',
    ['wrangler', 'dev', '--port', String(port), '--var', 'APP_ENV:local', ...partnerStoreFlag(), '--show-interactive-dev-session=false'],
    { cwd: ROOT, env: DEV_SERVER_ENV, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  forwardSignals(server);
  const url = `http://localhost:${port}`;
  await waitForUrl(url, READY_TIMEOUT_MS, server);

  console.log(`\nViewdeck is running at ${url} (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  for (const user of DEMO_USERS) {
    console.log(`demo sign-in: ${user.role} ${user.email} ${user.password}`);
  }
  console.log(`local mail outbox: ${url}/dev/outbox\n`);
}

main().catch((error: unknown) => {
  console.error(`npm start failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
