// `npm run bench:dashboard`: the network owner's dashboard against the large dataset through the
// running worker (wrangler dev): each card call at five ranges, first paint and the changes a person
// makes in Chromium (painted, charts included), and the page's JS.
import path from 'node:path';
import { ensurePortFree, startServer, stopServer, waitForUrl } from '../lib/run.ts';
import { benchCardCalls, FILTER_CHANNELS, RATIO_TARGET } from './card-calls.ts';
import { eagerJsGzipBytes } from './page-js.ts';
import { partnerStoreFlag } from '../lib/local-vars.ts';
import { prepareLargeState } from './prepare.ts';
import { measureFirstPaint, printFirstPaint } from './first-paint.ts';
import { measureTransitions, printTransitions } from './transitions.ts';
import { loadAverage, machine } from './machine.ts';
import { sessionCaller, signInDemo } from './sign-in.ts';
import { parseCommand, refuse } from '../lib/cli.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const USAGE = `usage: npm run bench:dashboard -- [--persist-to DIR] [--port N] [--runs N]
  The network owner's dashboard on the large dataset through the built worker under wrangler dev:
  - each card call at 7, 90 and 365 days and lifetime (by month and by day), without and with a channel
    filter, and the worst 365-day or lifetime ratio to 7 days;
  - in Chromium, from navigation start, cold and warm: every card's number in the DOM, painted, and
    every chart painted, for the default period and Lifetime;
  - in Chromium, from the change a person makes (period select, channel picker's Ok, a tab) on a loaded
    page: default → Lifetime, Last 7 days → Lifetime, Last 7 days → Last 365 days, the Views card's
    Channels tab at Lifetime by day, ${FILTER_CHANNELS} channels chosen;
    for each, every number in the DOM, painted, and every chart painted, then each /api/* call the
    change sent (ms to its last byte, KB answered);
  - the page's JS at load (gzip).
  Builds first when the sources changed and seeds the large dataset into DIR when it has no accounts
  (10–30 minutes on 2 cores; it says so before it starts), then starts wrangler dev there and prints each
  group of figures as it is measured, with the load average before and after. A DIR seeded otherwise is
  measured as it is: \`npx tsx scripts/seed.ts --persist-to .tmp/bench-demo\` (the demo, 2 minutes), then
  \`npm run bench:dashboard -- --persist-to .tmp/bench-demo --runs 2\` tries the bench quickly.
  --persist-to DIR  wrangler state holding the large dataset (default .tmp/bench-large)
  --port N          the local server's port (default 8797)
  --runs N          runs per figure, the median printed (default 7)`;
const { values } = parseCommand(USAGE, {
  options: {
    'persist-to': { type: 'string', default: '.tmp/bench-large' },
    port: { type: 'string', default: '8797' },
    runs: { type: 'string', default: '7' },
  },
});
const STATE = path.resolve(ROOT, values['persist-to']);
const BASE = `http://localhost:${values.port}`;
const RUNS = Number(values.runs);
const JS_TARGET_BYTES = 170 * 1024;
if (!Number.isInteger(RUNS) || RUNS < 1) refuse(USAGE, `--runs must be a whole number above 0, not "${values.runs}"`);

await ensurePortFree(Number(values.port));
await prepareLargeState(ROOT, STATE);
const server = await startServer(
  // PARTNER_STORE=objects (seeded that way by prepareLargeState) measures a split install.
  ['--port', values.port, '--persist-to', STATE, '--var', 'APP_ENV:local', ...partnerStoreFlag(), '--show-interactive-dev-session=false'],
  ROOT,
);
try {
  await waitForUrl(BASE, 60_000, server);
  const cookie = await signInDemo(BASE, 'network');
  const call = sessionCaller(BASE, cookie);
  const dates = (await (await call('/api/stat/dates', {})).json()) as { data: { max_date: string } };
  const latest = dates.data.max_date;
  const owned = (await (await call('/api/profile/channels', null)).json()) as { data: Array<{ channel_id: string }> };
  const channels = owned.data.slice(0, FILTER_CHANNELS).map((c) => c.channel_id);
  console.log(`machine: ${machine()}`);
  console.log(`network owner (${owned.data.length} channels), latest data ${latest}, median of ${RUNS} runs`);

  const worst = await benchCardCalls(call, latest, channels, RUNS);
  console.log(`worst 365-day or lifetime ratio to 7 days: ${worst.toFixed(2)}x (target <= ${RATIO_TARGET}x)\n`);

  // What the person sees: navigation until every card shows a number, cold and warm.
  printFirstPaint(await measureFirstPaint(BASE, cookie, RUNS), RUNS);
  console.log();
  printTransitions(await measureTransitions(BASE, cookie, RUNS), RUNS);

  const js = await eagerJsGzipBytes(`${BASE}/dashboard`, cookie);
  console.log(
    `\n/dashboard JS at load: ${(js.bytes / 1024).toFixed(1)} KB gzip in ${js.files.length} files (target < ${JS_TARGET_BYTES / 1024} KB)`,
  );
  console.log(`load average at the end: ${loadAverage()}`);
} finally {
  stopServer(server);
}
