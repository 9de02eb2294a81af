// `npm run bench:dashboard`: the network owner's dashboard calls against the large dataset through
// the running worker (wrangler dev), for the 7-day, 3-month and lifetime ranges, plus page JS size.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { presetPeriod } from '../../src/lib/periods.ts';
import { DEMO_USERS } from '../demo/users.ts';
import { startServer, stopServer, waitForUrl } from '../lib/run.ts';
import { eagerJsGzipBytes } from './page-js.ts';
import { prepareLargeState } from './prepare.ts';
import { median, timeCall, type Caller } from './timing.ts';

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

async function benchRange(call: Caller, label: string, body: Record<string, unknown>): Promise<number> {
  const perCall: string[] = [];
  for (const p of CARD_CALLS) perCall.push(`${p.replace('/api/stat/', '')} ${median(await timeCall(call, p, body, RUNS)).toFixed(1)}`);
  // As the page does it: the HTML and the filter options first, then every card at once.
  const read = (p: string, b: Record<string, unknown> | null) => call(p, b).then((r) => r.arrayBuffer());
  const whole: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await Promise.all([read('/dashboard', null), ...FIRST_CALLS.map((p) => read(p, p.includes('stat') ? {} : null))]);
    await Promise.all(CARD_CALLS.map((p) => read(p, body)));
    whole.push(performance.now() - started);
  }
  const ms = median(whole);
  console.log(`${label.padEnd(9)} whole load ${ms.toFixed(1)} ms | per call (ms): ${perCall.join(', ')}`);
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
  const today = dates.data.max_date;
  const last7 = presetPeriod('6', today)!;
  const months3 = presetPeriod('89', today)!;
  console.log(`network owner, latest data ${today}, median of ${RUNS} runs`);
  const week = await benchRange(call, '7 days', { date_from: last7.from, date_to: last7.to, chart_period: 'days' });
  await benchRange(call, '3 months', { date_from: months3.from, date_to: months3.to, chart_period: 'days' });
  const life = await benchRange(call, 'lifetime', { chart_period: 'month' });
  const js = await eagerJsGzipBytes(`${BASE}/dashboard`, cookie);
  console.log(`lifetime / 7 days = ${(life / week).toFixed(2)}x (target <= 2x); whole load target < ${WHOLE_LOAD_TARGET_MS} ms`);
  console.log(
    `/dashboard JS at load: ${(js.bytes / 1024).toFixed(1)} KB gzip in ${js.files.length} files (target < ${JS_TARGET_BYTES / 1024} KB)`,
  );
} finally {
  stopServer(server);
}
