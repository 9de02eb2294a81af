// `npm run bench:dashboard`: the network owner's dashboard against the large dataset through the
// running worker (wrangler dev): each card call at four ranges, the whole load, and the page's JS.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { presetPeriod } from '../../src/lib/periods.ts';
import { DEMO_USERS } from '../demo/users.ts';
import { startServer, stopServer, waitForUrl } from '../lib/run.ts';
import { benchCardCalls, FILTER_CHANNELS, RATIO_TARGET } from './card-calls.ts';
import { eagerJsGzipBytes } from './page-js.ts';
import { prepareLargeState } from './prepare.ts';
import { median, type Caller } from './timing.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: {
    'persist-to': { type: 'string', default: '.tmp/bench-large' },
    port: { type: 'string', default: '8797' },
    runs: { type: 'string', default: '7' },
  },
});
const STATE = path.resolve(ROOT, values['persist-to']);
const BASE = `http://localhost:${values.port}`;
const RUNS = Number(values.runs);
const WHOLE_LOAD_TARGET_MS = 300;
const JS_TARGET_BYTES = 170 * 1024;
const FIRST_CALLS = ['/api/stat/dates', '/api/profile/channels', '/api/profile/titles'];
const CARD_CALLS = ['/api/stat/base', '/api/stat/engagement', '/api/stat/location', '/api/stat/demographics', '/api/stat/forecast'];

async function signIn(): Promise<string> {
  const owner = DEMO_USERS.find((u) => u.role === 'network')!;
  const res = await fetch(`${BASE}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: BASE },
    body: JSON.stringify({ login: owner.email, password: owner.password }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('vd_session='));
  if (!res.ok || !cookie) throw new Error(`sign-in failed: ${res.status}`);
  return cookie.split(';')[0]!;
}

/** The whole load as the page does it over HTTP: the HTML and the filter options, then every card at once. */
async function wholeLoad(call: Caller, label: string, body: Record<string, unknown>): Promise<number> {
  const read = (p: string, b: Record<string, unknown> | null) => call(p, b).then((r) => r.arrayBuffer());
  const whole: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await Promise.all([read('/dashboard', null), ...FIRST_CALLS.map((p) => read(p, p.includes('stat') ? {} : null))]);
    await Promise.all(CARD_CALLS.map((p) => read(p, body)));
    whole.push(performance.now() - started);
  }
  const ms = median(whole);
  console.log(`${label.padEnd(9)} whole load ${ms.toFixed(2)} ms`);
  return ms;
}

await prepareLargeState(ROOT, STATE);
const server = startServer(
  ['--port', values.port, '--persist-to', STATE, '--var', 'APP_ENV:local', '--show-interactive-dev-session=false'],
  ROOT,
);
try {
  await waitForUrl(BASE, 60_000, server);
  const cookie = await signIn();
  const call: Caller = (p, body) =>
    fetch(
      `${BASE}${p}`,
      body === null
        ? { headers: { Cookie: cookie } }
        : { method: 'POST', headers: { Cookie: cookie, Origin: BASE, 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
    );
  const dates = (await (await call('/api/stat/dates', {})).json()) as { data: { max_date: string } };
  const latest = dates.data.max_date;
  const owned = (await (await call('/api/profile/channels', null)).json()) as { data: Array<{ channel_id: string }> };
  const channels = owned.data.slice(0, FILTER_CHANNELS).map((c) => c.channel_id);
  console.log(`network owner (${owned.data.length} channels), latest data ${latest}, median of ${RUNS} runs`);

  const worst = await benchCardCalls(call, latest, channels, RUNS);
  console.log(`worst 365-day or lifetime ratio to 7 days: ${worst.toFixed(2)}x (target <= ${RATIO_TARGET}x)\n`);

  const last7 = presetPeriod('6', latest)!;
  const week = await wholeLoad(call, '7 days', { date_from: last7.from, date_to: last7.to, chart_period: 'days' });
  const life = await wholeLoad(call, 'lifetime', { chart_period: 'month' });
  console.log(`whole load lifetime / 7 days = ${(life / week).toFixed(2)}x; target < ${WHOLE_LOAD_TARGET_MS} ms`);

  // The browser's view (navigation until every card shows a number, cold and warm) is measured by
  // scripts/bench/first-paint.ts against this same server: call it here with BASE and the cookie.

  const js = await eagerJsGzipBytes(`${BASE}/dashboard`, cookie);
  console.log(
    `/dashboard JS at load: ${(js.bytes / 1024).toFixed(1)} KB gzip in ${js.files.length} files (target < ${JS_TARGET_BYTES / 1024} KB)`,
  );
} finally {
  stopServer(server);
}
