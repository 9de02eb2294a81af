// `npm run fuzz:input -- --requests 5000`: bad input from every route's zod schema against a running
// server, as a throwaway invited user (so no demo account is changed) and with the admin token.
import fc from 'fast-check';
import { describeCase, type InputCase, inputCaseArb, judgeAnswer } from '../tests/probes/input-cases.ts';
import { BODY_ROUTES } from '../tests/probes/input-routes.ts';
import { adminToken, browserHeaders, type LiveFlags, liveOptionsUsage, localSql, pool, readFlags } from './probes/live.ts';

const DEFAULT_REQUESTS = 1_000;
const PROGRESS_EVERY = 500;
const USAGE = `usage: npm run fuzz:input -- [--requests N] [--concurrency N] [--remote URL] [--persist-to DIR]
  Bad input generated from every route's zod schema and broken transports, sent to a running server
  (npm start) as a throwaway invited user and with the admin token (ADMIN_TOKEN, else .dev.vars). Prints
  progress every ${PROGRESS_EVERY} requests, then the problems, a count by kind and the tables checked; exits
  1 on any problem (a 5xx, a wrong envelope, internals shown, a table changed by a refused write).
${liveOptionsUsage(DEFAULT_REQUESTS)}`;
/**
 * Failed sign-ins are throttled per address; the probe's own address keeps its failures away from
 * the one every local client shares, so other sign-ins on this machine are not locked out.
 */
const PROBE_IP = 'fuzz-input-probe';
const PROBE_PASSWORD = 'Probe-pass-2026';
/** Tables no probe may change however it is answered (the throttle and sessions change by design). */
const WATCHED = [...new Set(BODY_ROUTES.flatMap((r) => r.writes))].filter(
  (t) => t !== 'sessions' && t !== 'rate_limit_hits' && t !== 'known_devices',
);

/** Invites a fresh user with the admin API, takes the key from the local outbox, and signs in. */
async function probeUser(flags: LiveFlags, token: string): Promise<string> {
  const email = `fuzz-probe-${Date.now()}@example.com`;
  const invite = await fetch(`${flags.url}/api/admin/users/invite`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, user_name: 'Fuzz Probe', show_title: true }),
  });
  if (invite.status !== 201) throw new Error(`invite failed: ${invite.status} ${await invite.text()}`);
  const [mail] = await localSql(flags, [`SELECT body_text FROM mail_outbox WHERE to_address = '${email}' ORDER BY id DESC LIMIT 1`]);
  const key = /[?&]key=([A-Za-z0-9_-]+)/.exec(String(mail?.[0]?.body_text ?? ''))?.[1];
  if (!key) throw new Error('the invitation mail has no key (is the server running with APP_ENV=local, as `npm start` does?)');
  const res = await fetch(`${flags.url}/api/invite/confirm`, {
    method: 'POST',
    headers: browserHeaders(flags.url, null, 'application/json'),
    body: JSON.stringify({ key, password1: PROBE_PASSWORD, password2: PROBE_PASSWORD }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('vd_session='));
  if (res.status !== 200 || !cookie) throw new Error(`accepting the invitation failed: ${res.status} ${await res.text()}`);
  console.log(`probe user: ${email}`);
  return cookie.split(';')[0]!.slice('vd_session='.length);
}

/** The watched tables' rows, one text per table. */
async function snapshot(flags: LiveFlags): Promise<Map<string, string>> {
  const rows = await localSql(
    flags,
    WATCHED.map((t) => `SELECT * FROM "${t}"`),
  );
  return new Map(WATCHED.map((t, i) => [t, JSON.stringify(rows[i])]));
}

async function main(): Promise<void> {
  const flags = readFlags(USAGE, DEFAULT_REQUESTS);
  const token = adminToken();
  if (!token) throw new Error('no ADMIN_TOKEN: set it, or run against `npm start`, which keeps one in .dev.vars');
  const session = await probeUser(flags, token);
  const before = await snapshot(flags);

  const problems: string[] = [];
  /** Problems counted by route, case kind and status, so a long run's findings read as a short list. */
  const kinds = new Map<string, number>();
  const countKind = (c: InputCase, what: string) => {
    const kind = `${c.method} ${c.path.split('?')[0]} [${c.label.slice(0, 40)}] -> ${what}`;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  };
  const accepted = new Set<string>();
  let serverErrors = 0;
  let done = 0;
  const cases = fc.sample(inputCaseArb(), flags.requests);
  const started = Date.now();
  await pool(cases.length, flags.concurrency, async (i) => {
    const c: InputCase = cases[i]!;
    const auth = c.route.kind === 'body' ? c.route.auth : 'none';
    // Console (staff) probes go with the probe user's session: refused with a 403, still never a 5xx.
    const signedIn = auth === 'user' || auth === 'staff';
    const headers = { ...browserHeaders(flags.url, signedIn ? session : null, c.contentType), 'CF-Connecting-IP': PROBE_IP };
    if (auth === 'admin') Object.assign(headers, { Authorization: `Bearer ${token}` });
    let res: Response;
    try {
      res = await fetch(`${flags.url}${c.path}`, { method: c.method, headers, body: c.body ?? undefined });
    } catch (error) {
      // No answer at all (the connection closed): a finding like a 5xx, named with its cause.
      const cause = error instanceof Error ? String((error.cause as Error | undefined)?.message ?? error.message) : String(error);
      problems.push(`${describeCase(c)} -> no answer: ${cause}`);
      countKind(c, `no answer: ${cause}`);
      return;
    }
    const found = judgeAnswer(c, res.status, await res.text());
    if (res.status >= 500) serverErrors += 1;
    if (res.status < 400 && c.route.kind === 'body') for (const t of c.route.writes) accepted.add(t);
    if (found.length > 0) {
      problems.push(`${describeCase(c)} -> ${res.status}: ${found.join('; ')}`);
      countKind(c, `${res.status}: ${found[0]}`);
    }
    if (++done % PROGRESS_EVERY === 0) console.log(`${done} requests, ${problems.length} problems, ${serverErrors} 5xx`);
  });

  // A table that only refused writes could have touched must be exactly as it was.
  const after = await snapshot(flags);
  const changed = WATCHED.filter((t) => !accepted.has(t) && before.get(t) !== after.get(t));
  for (const t of changed) problems.push(`table ${t} changed although every write that could touch it was refused`);
  for (const line of problems.slice(0, 20)) console.log(line);
  if (kinds.size > 0) console.log('\nproblems by kind:');
  for (const [kind, count] of kinds) console.log(`${String(count).padStart(6)}  ${kind}`);
  console.log(`\nrequests sent: ${cases.length} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  console.log(`problems: ${problems.length} (bad status, envelope or internals; tables changed by refused writes: ${changed.length})`);
  console.log(`5xx answers: ${serverErrors}`);
  console.log(`tables written by accepted calls (not compared): ${[...accepted].sort().join(', ') || 'none'}`);
  process.exit(problems.length === 0 ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(`fuzz:input failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
