// `npm run load`: public pages, dashboard calls as several demo users and sign-ins at once on a
// running server (loopback only), then checks that a write made during the load is there.
import autocannon from 'autocannon';
import { DEMO_USERS } from './demo/users.ts';
import { browserHeaders, loopbackOnly, signIn } from './probes/live.ts';
import { parseCommand, refuse } from './lib/cli.ts';

const DEFAULTS = { url: 'http://localhost:8787', connections: 100, duration: 60 };
/** Shares of the connections: visitors, signed-in dashboards, sign-ins (argon2id makes these the costliest). */
const SHARES = { public: 0.5, dashboard: 0.4, signin: 0.1 };
/** One sign-in in this many uses a wrong password (for an account that does not exist). */
const WRONG_PASSWORD_EVERY = 50;
const WRONG_LOGIN = 'load-wrong-password@example.invalid';
/** Past the run's duration, the instances are stopped whatever they are doing. */
const STOP_GRACE_MS = 30_000;
/** autocannon's own limit for one answer. */
const TIMEOUT_SECONDS = 10;
const RANGE = { date_from: '2026-01-01', date_to: '2026-03-31' };

interface GroupResult {
  name: string;
  connections: number;
  result: autocannon.Result;
  busy: number;
}

const USAGE = `usage: npm run load -- [--remote URL] [--connections N] [--duration S]
  Load on a running server (npm start), loopback only: public pages, dashboard calls as three demo users
  and sign-ins (one in ${WRONG_PASSWORD_EVERY} with a wrong password) at once, for S seconds; a profile is changed
  halfway and checked afterwards. Prints the split of connections, then once the run ends each group's
  requests a second, p50 and p99 latency and answers by status; exits 1 on a 5xx (other than the
  sign-in's busy 503), a connection error, a refused public or dashboard call, or a lost write.
  --remote URL       the server, loopback only (default ${DEFAULTS.url})
  --connections N    connections in all, 3 or more (default ${DEFAULTS.connections})
  --duration S       seconds, up to 3600 (default ${DEFAULTS.duration})`;

function readFlags(): typeof DEFAULTS {
  const { values } = parseCommand(USAGE, {
    options: {
      remote: { type: 'string', default: DEFAULTS.url },
      connections: { type: 'string', default: String(DEFAULTS.connections) },
      duration: { type: 'string', default: String(DEFAULTS.duration) },
    },
  });
  const connections = Number(values.connections);
  const duration = Number(values.duration);
  if (!Number.isInteger(connections) || connections < 3) refuse(USAGE, '--connections must be a whole number, 3 or more');
  if (!Number.isFinite(duration) || duration <= 0 || duration > 3600) refuse(USAGE, '--duration must be 1 to 3600 seconds');
  return { url: loopbackOnly(values.remote), connections, duration };
}

/** A demo channel and network for the public detail pages, from the public rankings. */
async function publicPaths(base: string): Promise<string[]> {
  const top = async (call: string) =>
    (
      (await (await fetch(`${base}/api/analytics?path=/youtube/api/stat/${call}&limit=1`)).json()) as {
        data: { body: Array<Record<string, string>> };
      }
    ).data.body[0];
  const channel = (await top('get_top_channels'))?.channel_id;
  const network = (await top('get_top_networks'))?.network_mcn;
  return [
    '/global',
    '/channels',
    '/networks',
    '/trends',
    '/find',
    ...(channel ? [`/channel/${channel}`] : []),
    ...(network ? [`/network/${network}`] : []),
  ];
}

/** Server errors seen, first few bodies per status and path, to name them in the report. */
const SERVER_ERROR_SAMPLES = new Map<string, string>();
const MAX_SAMPLES = 8;

/**
 * The sign-in's own back-pressure (503 with Retry-After, the hash gate's message): a designed
 * answer to more sign-ins than one isolate hashes at once, counted apart from server errors.
 */
const BUSY_MESSAGE = 'The server is busy checking passwords';

/** Requests that rotate through a list; each connection picks the next one. Busy answers are counted in `tally`. */
function rotating(items: Array<() => autocannon.Request>, tally: { busy: number } = { busy: 0 }): autocannon.Request[] {
  let n = 0;
  let last = '';
  return [
    {
      setupRequest: (req) => {
        const next = items[n++ % items.length]!();
        last = `${next.method ?? 'GET'} ${next.path ?? '/'}`;
        return { ...req, ...next };
      },
      onResponse: (status, body) => {
        const key = `${status} ${last}`;
        if (status === 503 && String(body).includes(BUSY_MESSAGE)) {
          tally.busy += 1;
          return;
        }
        if (status >= 500 && !SERVER_ERROR_SAMPLES.has(key) && SERVER_ERROR_SAMPLES.size < MAX_SAMPLES)
          SERVER_ERROR_SAMPLES.set(key, String(body).slice(0, 200));
      },
    },
  ];
}

function run(
  name: string,
  base: string,
  connections: number,
  duration: number,
  requests: autocannon.Request[],
  tally = { busy: 0 },
): Promise<GroupResult> {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url: base, connections, duration, requests, timeout: TIMEOUT_SECONDS }, (error, result) =>
      error ? reject(error) : resolve({ name, connections, result, busy: tally.busy }),
    );
    const guard = setTimeout(() => instance.stop(), duration * 1000 + STOP_GRACE_MS);
    instance.on('done', () => clearTimeout(guard));
  });
}

function statusCount(result: autocannon.Result, code: number): number {
  const stats = (result as autocannon.Result & { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
  return stats[String(code)]?.count ?? 0;
}

function report(groups: GroupResult[]): boolean {
  console.log('\ngroup       conns   req/s   p50 ms  p99 ms  requests  2xx     429   other 4xx  busy 503  5xx  timeouts  errors');
  let clean = true;
  for (const { name, connections, result: r, busy } of groups) {
    const tooMany = statusCount(r, 429);
    const other4xx = r['4xx'] - tooMany;
    console.log(
      [
        name.padEnd(10),
        String(connections).padStart(5),
        r.requests.average.toFixed(0).padStart(7),
        String(r.latency.p50).padStart(8),
        String(r.latency.p99).padStart(7),
        String(r.requests.total).padStart(9),
        String(r['2xx']).padStart(7),
        String(tooMany).padStart(5),
        String(other4xx).padStart(10),
        String(busy).padStart(9),
        String(r['5xx'] - busy).padStart(4),
        String(r.timeouts).padStart(9),
        String(r.errors - r.timeouts).padStart(7),
      ].join(' '),
    );
    // Sign-ins with a wrong password answer 401, and that account's repeated failures 429: both expected.
    // A busy 503 is the sign-in's designed back-pressure; any other 5xx is a failure.
    if (r['5xx'] - busy > 0 || r.errors > 0 || (name !== 'sign-in' && r.non2xx > 0)) clean = false;
  }
  const total = groups.reduce((n, g) => n + g.result.requests.average, 0);
  console.log(
    `all groups: ${total.toFixed(0)} req/s (busy 503: sign-ins turned away by the hash gate with Retry-After; timeouts: no answer within ${TIMEOUT_SECONDS} s; errors: connection errors)`,
  );
  for (const [key, body] of SERVER_ERROR_SAMPLES) console.log(`5xx sample: ${key} -> ${body}`);
  return clean;
}

/** A profile change made halfway through the load, and read back after it. */
async function writeDuringLoad(base: string, session: string, delayMs: number): Promise<{ phone: string; before: string }> {
  await new Promise((r) => setTimeout(r, delayMs));
  const get = await fetch(`${base}/api/profile/get`, { headers: browserHeaders(base, session, null) });
  const before = ((await get.json()) as { data: { phone: string } }).data.phone;
  const phone = `+1 555 ${String(Date.now() % 10_000_000).padStart(7, '0')}`;
  const res = await fetch(`${base}/api/profile/update`, {
    method: 'POST',
    headers: browserHeaders(base, session, 'application/json'),
    body: JSON.stringify({ phone }),
  });
  if (res.status !== 200) throw new Error(`the write during the load failed: ${res.status} ${await res.text()}`);
  return { phone, before };
}

async function main(): Promise<void> {
  const flags = readFlags();
  const base = flags.url;
  const users = DEMO_USERS.filter((u) => u.role !== 'analytics');
  const sessions = await Promise.all(users.map((u) => signIn(base, u.email, u.password)));
  const pages = await publicPaths(base);
  const share = (s: number) => Math.max(1, Math.round(flags.connections * s));
  const counts = { dashboard: share(SHARES.dashboard), signin: share(SHARES.signin) };
  const publicConnections = flags.connections - counts.dashboard - counts.signin;

  const publicRequests = rotating(pages.map((path) => () => ({ method: 'GET', path })));
  const dashboardCalls: Array<[string, unknown]> = [
    ['/api/stat/base', RANGE],
    ['/api/stat/views', RANGE],
    ['/api/stat/engagement', RANGE],
    ['/api/stat/location', RANGE],
    ['/api/stat/dates', {}],
    ['/api/profile/channels', null],
    ['/dashboard', null],
  ];
  const dashboardRequests = rotating(
    sessions.flatMap((session) =>
      dashboardCalls.map(
        ([path, body]) =>
          () =>
            body === null
              ? { method: 'GET' as const, path, headers: browserHeaders(base, session, null) }
              : { method: 'POST' as const, path, headers: browserHeaders(base, session, 'application/json'), body: JSON.stringify(body) },
      ),
    ),
  );
  let attempt = 0;
  const signinTally = { busy: 0 };
  const signinRequests = rotating(
    [
      () => {
        attempt += 1;
        const user = users[attempt % users.length]!;
        const wrong = attempt % WRONG_PASSWORD_EVERY === 0;
        // Each simulated client signs in from its own address, as distinct browsers would.
        const headers = { ...browserHeaders(base, null, 'application/json'), 'CF-Connecting-IP': `load-client-${attempt % counts.signin}` };
        return {
          method: 'POST',
          path: '/api/auth/login',
          headers,
          body: JSON.stringify(wrong ? { login: WRONG_LOGIN, password: 'wrong-pass-1' } : { login: user.email, password: user.password }),
        };
      },
    ],
    signinTally,
  );

  console.log(
    `load on ${base}: ${flags.connections} connections for ${flags.duration} s (public ${publicConnections}, dashboard ${counts.dashboard}, sign-in ${counts.signin})`,
  );
  const writer = sessions[0]!;
  const [groups, write] = await Promise.all([
    Promise.all([
      run('public', base, publicConnections, flags.duration, publicRequests),
      run('dashboard', base, counts.dashboard, flags.duration, dashboardRequests),
      run('sign-in', base, counts.signin, flags.duration, signinRequests, signinTally),
    ]),
    writeDuringLoad(base, writer, (flags.duration * 1000) / 2),
  ]);
  const clean = report(groups);

  const after = (await (await fetch(`${base}/api/profile/get`, { headers: browserHeaders(base, writer, null) })).json()) as {
    data: { phone: string };
  };
  const kept = after.data.phone === write.phone;
  console.log(
    `write during the load (profile phone of ${users[0]!.email}): ${kept ? 'present after the load' : `MISSING (found "${after.data.phone}")`}`,
  );
  await fetch(`${base}/api/profile/update`, {
    method: 'POST',
    headers: browserHeaders(base, writer, 'application/json'),
    body: JSON.stringify({ phone: write.before }),
  });
  process.exit(clean && kept ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(`load failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
