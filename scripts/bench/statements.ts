// `npm run bench:statements`: a 500-channel partner's statements on the large dataset through the running
// worker: the list (every month of a year and more), an approved month (stored lines), the draft (its month
// and a year of look-back), the network's payables, and the approved month's PDF and xlsx.
import path from 'node:path';
import * as z from 'zod';
import { addDays, monthEnd } from '../../src/lib/dates/time.ts';
import { shiftMonth } from '../../src/server/ingest/rollup/periods.ts';
import { adminApi, adminToken } from '../lib/admin-api.ts';
import { parseOptions } from '../lib/cli.ts';
import { partnerStoreFlag } from '../lib/local-vars.ts';
import { ensurePortFree, startServer, stopServer, waitForUrl } from '../lib/run.ts';
import { prepareLargeState } from './prepare.ts';
import { sessionCaller, signInDemo } from './sign-in.ts';
import { type Caller, median } from './timing.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const USAGE = `usage: npm run bench:statements -- [--persist-to DIR] [--port N] [--runs N]
  A partner granted every channel of the large dataset's partner network (500), with revenue-share terms
  from 13 months before the last month of final finance and every month but the last two approved (by the
  demo operator, through the console's calls), then, median of N runs each:
  GET /api/statements (the list), GET /api/statements/{approved month}, GET /api/statements/{draft month},
  the network's payables of the draft month, the approved month's PDF and xlsx downloads, and the dashboard's
  Earnings card over 13 months (POST /api/stat/base, POST /api/stat/share) and 90 days by day (the share).
  Builds when the sources changed and seeds the large dataset into DIR when it has none (10–30 minutes on
  2 cores; it says so first). The bench partner and its terms stay in DIR for the next run.
  --persist-to DIR  wrangler state holding the large dataset (default .tmp/bench-large)
  --port N          the local server's port (default 8799)
  --runs N          runs per figure, the median printed (default 7)`;
const options = parseOptions(
  USAGE,
  {
    options: {
      'persist-to': { type: 'string', default: '.tmp/bench-large' },
      port: { type: 'string', default: '8799' },
      runs: { type: 'string', default: '7' },
    },
  },
  z.object({ 'persist-to': z.string(), port: z.coerce.number().int().min(1024).max(65_535), runs: z.coerce.number().int().min(1).max(50) }),
);
const STATE = path.resolve(ROOT, options['persist-to']);
const BASE = `http://localhost:${options.port}`;
const PARTNER = { email: 'bench-partner-500@bench.viewdeck.example', password: 'bench-partner-500-pw' };
/** The targets: a statement in 200 ms of server time, its files in 2 s. */
const PAGE_TARGET_MS = 200;
const FILE_TARGET_MS = 2_000;

async function signInPartner(): Promise<Caller> {
  const login = () =>
    fetch(`${BASE}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: BASE },
      body: JSON.stringify({ login: PARTNER.email, password: PARTNER.password }),
    });
  let res = await login();
  if (!res.ok) {
    const admin = adminApi(BASE, adminToken(ROOT));
    const { link } = await admin<{ link: string }>('users/invite', {
      json: { email: PARTNER.email, user_name: 'Bench Partner', print_link: true },
    });
    const key = new URL(link).searchParams.get('key');
    const confirm = await fetch(`${BASE}/api/invite/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: BASE },
      body: JSON.stringify({ key, password1: PARTNER.password, password2: PARTNER.password }),
    });
    if (!confirm.ok) throw new Error(`invite confirm: ${confirm.status} ${await confirm.text()}`);
    res = await login();
  }
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('vd_session='));
  if (!res.ok || !cookie) throw new Error(`bench partner sign-in: ${res.status}`);
  return sessionCaller(BASE, cookie.split(';')[0]!);
}

async function data<T>(res: Promise<Response>): Promise<T> {
  const r = await res;
  const body = (await r.json()) as { data?: T; error?: string };
  if (!r.ok || body.data === undefined) throw new Error(`${r.status} ${body.error ?? ''}`);
  return body.data;
}

/** Grants every channel of the partner network one by one, adds terms, approves all but the last two months. */
async function setUp(staff: Caller, partner: Caller) {
  const networks = await data<{ rows: Array<{ id: number; slug: string; channels: number; content_owner_id: string | null }> }>(
    staff('/api/console/networks', null),
  );
  // Partner networks come first in the console's list: the large dataset has one.
  const network = networks.rows[0]!;
  const mine = new Set((await data<Array<{ channel_id: string }>>(partner('/api/profile/channels', null))).map((c) => c.channel_id));
  const owner = sessionCaller(BASE, await signInDemo(BASE, 'network'));
  // The UGC channel ("ugc" in the list) is the network's own: never granted to a partner.
  const all = (await data<Array<{ channel_id: string }>>(owner('/api/profile/channels', null))).filter((c) =>
    c.channel_id.startsWith('UC'),
  );
  const missing = all.filter((c) => !mine.has(c.channel_id));
  if (missing.length > 0) {
    const admin = adminApi(BASE, adminToken(ROOT));
    console.log(`granting ${missing.length} of ${all.length} channels of ${network.slug} to the bench partner ...`);
    for (const c of missing) await admin('grants', { json: { email: PARTNER.email, target: c.channel_id } });
  }
  const payables = await data<{ month: string; final: boolean }>(
    staff(`/api/console/money/networks/${network.id}/payables?month=${shiftMonth(new Date().toISOString().slice(0, 7), -1)}`, null),
  );
  // The last month of final finance: the month before the current one, or the one before that.
  const last = payables.final ? payables.month : shiftMonth(payables.month, -1);
  const first = shiftMonth(last, -13);
  const terms = await data<Array<{ email: string }>>(staff(`/api/console/money/networks/${network.id}/contracts`, null));
  if (!terms.some((t) => t.email === PARTNER.email)) {
    const shares = { ads: 7000, shorts: 6000, claims: 5000, adjustments: 7000 };
    await data(staff(`/api/console/money/networks/${network.id}/contracts`, { email: PARTNER.email, effective_from: first, shares }));
  }
  const me = await data<Array<{ month: string; status: string; user: { id: number }; network: { slug: string } }>>(
    partner('/api/statements', null),
  );
  const userId = me[0]!.user.id;
  for (const s of [...me].reverse()) {
    if (s.network.slug !== network.slug || s.status !== 'draft' || s.month >= shiftMonth(last, -1)) continue;
    await data(staff(`/api/console/money/networks/${network.id}/approve`, { month: s.month, user_ids: [userId] }));
  }
  return { network, approvedMonth: shiftMonth(last, -2), draftMonth: shiftMonth(last, -1) };
}

async function timed(
  call: Caller,
  url: string,
  runs: number,
  body: Record<string, unknown> | null,
): Promise<{ ms: number; bytes: number }> {
  const samples: number[] = [];
  let bytes = 0;
  await (await call(url, body)).arrayBuffer();
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const res = await call(url, body);
    bytes = (await res.arrayBuffer()).byteLength;
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    samples.push(performance.now() - started);
  }
  return { ms: median(samples), bytes };
}

await ensurePortFree(options.port);
await prepareLargeState(ROOT, STATE);
const server = await startServer(
  [
    '--port',
    String(options.port),
    '--persist-to',
    STATE,
    '--var',
    'APP_ENV:local',
    ...partnerStoreFlag(),
    '--show-interactive-dev-session=false',
  ],
  ROOT,
);
try {
  await waitForUrl(BASE, 60_000, server);
  const staff = sessionCaller(BASE, await signInDemo(BASE, 'operator'));
  const partner = await signInPartner();
  console.log('setting up the bench partner (grants, terms, approvals) ...');
  const { network, approvedMonth, draftMonth } = await setUp(staff, partner);
  const of = `network=${network.slug}`;
  const [statement] = await data<Array<{ lines: unknown[] }>>(partner(`/api/statements/${approvedMonth}?${of}`, null));
  console.log(
    `network ${network.slug} (${network.channels} channels), approved ${approvedMonth} with ${statement?.lines.length ?? 0} lines, draft ${draftMonth}`,
  );
  console.log(`median of ${options.runs} runs; ! = over ${PAGE_TARGET_MS} ms (pages) or ${FILE_TARGET_MS} ms (files)`);
  // The dashboard's Earnings card over the year of terms: YouTube's gross (base) and the partner's share.
  const year = { date_from: `${shiftMonth(draftMonth, -12)}-01`, date_to: monthEnd(draftMonth), chart_period: 'month' };
  const days = { date_from: addDays(monthEnd(draftMonth), -89), date_to: monthEnd(draftMonth), chart_period: 'days' };
  const rows: Array<[string, Caller, string, number, Record<string, unknown>?]> = [
    ['list (every month)', partner, '/api/statements', PAGE_TARGET_MS],
    ['approved month', partner, `/api/statements/${approvedMonth}?${of}`, PAGE_TARGET_MS],
    ['draft month (+12 months look-back)', partner, `/api/statements/${draftMonth}?${of}`, PAGE_TARGET_MS],
    ['network payables (draft month)', staff, `/api/console/money/networks/${network.id}/payables?month=${draftMonth}`, PAGE_TARGET_MS],
    ['approved month PDF', partner, `/api/statements/${approvedMonth}/download?format=pdf&${of}`, FILE_TARGET_MS],
    ['approved month xlsx', partner, `/api/statements/${approvedMonth}/download?format=xlsx&${of}`, FILE_TARGET_MS],
    ['draft month PDF', partner, `/api/statements/${draftMonth}/download?format=pdf&${of}`, FILE_TARGET_MS],
    ['dashboard base, 13 months by month', partner, '/api/stat/base', PAGE_TARGET_MS, year],
    ['dashboard share, 13 months by month', partner, '/api/stat/share', PAGE_TARGET_MS, year],
    ['dashboard share, 90 days by day', partner, '/api/stat/share', PAGE_TARGET_MS, days],
  ];
  for (const [name, call, url, target, body] of rows) {
    const { ms, bytes } = await timed(call, url, options.runs, body ?? null);
    console.log(`${name.padEnd(36)} ${ms.toFixed(1).padStart(8)} ms${ms > target ? '!' : ' '} ${(bytes / 1024).toFixed(0).padStart(6)} KB`);
  }
} finally {
  stopServer(server);
}
