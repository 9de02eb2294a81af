// The dashboard's card calls at 90 days and lifetime against a running server, for the size benchmark:
// the same calls and bodies as bench:dashboard (card-calls.ts), network owner, no channel filter.
import { startServer, stopServer, waitForUrl } from '../lib/run.ts';
import { CALLS, interleaved, LOAD_CALLS, ranges } from './card-calls';
import { sessionCaller, signInDemo } from './sign-in';

/** The label of the load calls' sum in the table. */
export const LOAD_SUM = 'load calls, summed';
const SERVER_START_MS = 120_000;
const MEASURED = ['90 days', 'lifetime'];

/** Every call's median ms at 90 days and lifetime (and the load calls' sum), by call label. */
export async function timeCardCalls(root: string, persistTo: string, port: string, runs: number): Promise<Map<string, number[]>> {
  const base = `http://localhost:${port}`;
  const server = await startServer(
    ['--port', port, '--persist-to', persistTo, '--var', 'APP_ENV:local', '--show-interactive-dev-session=false'],
    root,
  );
  try {
    await waitForUrl(base, SERVER_START_MS, server);
    const call = sessionCaller(base, await signInDemo(base, 'network'));
    const dates = (await (await call('/api/stat/dates', {})).json()) as { data: { max_date: string } };
    const chosen = ranges(dates.data.max_date).filter((r) => MEASURED.includes(r.label));
    const out = new Map<string, number[]>();
    const sums = chosen.map(() => 0);
    for (const c of CALLS) {
      // The forecast takes only the filters: it is the same call at every range.
      const bodies = chosen.map((range) => (c.label === 'forecast' ? {} : { ...range.body, ...c.extra }));
      const times = await interleaved(call, c.path, bodies, runs);
      if (LOAD_CALLS.has(c.path)) times.forEach((t, i) => (sums[i] = (sums[i] ?? 0) + t));
      out.set(c.label, times);
    }
    out.set(LOAD_SUM, sums);
    return out;
  } finally {
    stopServer(server);
  }
}

/** The labels in table order. */
export const CALL_LABELS = [...CALLS.map((c) => c.label), LOAD_SUM];
