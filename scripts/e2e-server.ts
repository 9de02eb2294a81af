// Server for the browser tests: a fresh local D1 with the demo dataset, serving the built dist/.
import { spawn } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { freePort } from './lib/free-port.ts';
import { ensureLocalVars, partnerStoreFlag } from './lib/local-vars.ts';
import { DEV_SERVER_ENV, forwardSignals, mustRun, WRANGLER_ENV } from './lib/run.ts';
import { parseCommand } from './lib/cli.ts';
import { fakeGoogleVars } from '../tests/integration/sync/fake/local-vars.ts';
import { startFakeGoogle } from '../tests/integration/sync/fake/server.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
/** `npm test` passes a free port; a hand-run `npx playwright test` starts this on 8790 or E2E_PORT. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8790);
/**
 * Its own state per pass: `npm test` names one per server it starts (E2E_STATE, a folder under
 * .wrangler/), since its passes run at once; a hand run keeps one per PARTNER_STORE.
 */
const STATE_DIR = process.env.E2E_STATE ?? (process.env.PARTNER_STORE === 'objects' ? '.wrangler/e2e-objects' : '.wrangler/e2e');

const USAGE = `usage: npx tsx scripts/e2e-server.ts
  The browser tests' server (playwright.config.ts starts it; npm test too): removes the state folder
  E2E_STATE (default .wrangler/e2e, .wrangler/e2e-objects with PARTNER_STORE=objects), seeds it with the
  demo dataset, or copies E2E_SEEDED when set, then serves the built dist/ with wrangler dev on E2E_PORT
  (default 8790) until stopped. No options besides --help: the environment above sets it up.
example:
  E2E_PORT=8812 E2E_STATE=.wrangler/e2e-mine npx tsx scripts/e2e-server.ts`;
parseCommand(USAGE, { options: {} });

ensureLocalVars(ROOT);
/**
 * A state seeded already (E2E_SEEDED, a folder .wrangler/e2e…), copied instead of seeding again: npm test
 * seeds once for the passes that share a layout, since a seed takes minutes and two at once took six each.
 */
const SEEDED = process.env.E2E_SEEDED;
for (const [name, dir] of [
  ['E2E_STATE', STATE_DIR],
  ['E2E_SEEDED', SEEDED],
] as const) {
  if (dir !== undefined && !/^\.wrangler\/e2e[\w-]*$/.test(dir)) {
    console.error(`${name} must be a folder .wrangler/e2e… (letters, digits, - and _), not "${dir}"`);
    process.exit(2);
  }
}
rmSync(path.join(ROOT, STATE_DIR), { recursive: true, force: true });
if (SEEDED) cpSync(path.join(ROOT, SEEDED), path.join(ROOT, STATE_DIR), { recursive: true });
else await mustRun('npx', ['tsx', 'scripts/seed.ts', '--persist-to', STATE_DIR], { cwd: ROOT, env: WRANGLER_ENV });
// A fake Google for the YouTube connections spec: the consent flow's endpoints point at it (it runs in
// this process, for as long as the server does).
const fakeGoogle = await startFakeGoogle(await freePort());
const googleVars = Object.entries(fakeGoogleVars(`${fakeGoogle.url}/t/e2e`)).flatMap(([name, value]) => ['--var', `${name}:${value}`]);
// wrangler's debugger port (9229 by default) is taken at run time too, so two runs never compete for it.
const inspectorPort = await freePort();
const ports = ['--port', String(E2E_PORT), '--inspector-port', String(inspectorPort)];
const server = spawn(
  'npx',
  [
    'wrangler',
    'dev',
    ...ports,
    '--persist-to',
    STATE_DIR,
    '--var',
    'APP_ENV:local',
    ...googleVars,
    ...partnerStoreFlag(),
    '--show-interactive-dev-session=false',
  ],
  { cwd: ROOT, env: DEV_SERVER_ENV, stdio: 'inherit' },
);
forwardSignals(server);
