// `npm run bench:video`: the video page's call (GET /api/video/{id}) through the running worker (wrangler
// dev) at each period the page offers, for the busiest of the network owner's videos, and the page itself.
import path from 'node:path';
import { ensurePortFree, startServer, stopServer, waitForUrl } from '../lib/run.ts';
import { partnerStoreFlag } from '../lib/local-vars.ts';
import { prepareLargeState } from './prepare.ts';
import { loadAverage, machine } from './machine.ts';
import { sessionCaller, signInDemo } from './sign-in.ts';
import { median, timeCall } from './timing.ts';
import { parseCommand, refuse } from '../lib/cli.ts';
import { addDays } from '../../src/lib/dates/time.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const USAGE = `usage: npm run bench:video -- [--persist-to DIR] [--port N] [--runs N] [--videos N]
  The video page's call for the network owner, through the built worker under wrangler dev:
  - picks the busiest video (most lifetime views) among the first N of Profile → Property's list of videos
    published a year to two months before the latest day;
  - times GET /api/video/{id} at Last 7 days, Last 28 days, Last 3 months, Last 365 days and Lifetime,
    interleaved (median of --runs rounds), with each period's ratio to 7 days (target: <= 50 ms at
    90 days, lifetime <= 2x the 7-day time), then the page /video/{id} at its default period.
  Seeds the large dataset into DIR first when it has no accounts (10-30 minutes on 2 cores), as
  bench:dashboard does; a DIR seeded otherwise (the demo: npx tsx scripts/seed.ts --persist-to
  .tmp/bench-demo) is measured as it is. Prints the machine and the load average before and after.
  --persist-to DIR  wrangler state (default .tmp/bench-large)
  --port N          the local server's port (default 8797)
  --runs N          rounds per figure, the median printed (default 7)
  --videos N        videos of the list to choose from (default 25, at most 100)`;
const { values } = parseCommand(USAGE, {
  options: {
    'persist-to': { type: 'string', default: '.tmp/bench-large' },
    port: { type: 'string', default: '8797' },
    runs: { type: 'string', default: '7' },
    videos: { type: 'string', default: '25' },
  },
});
const STATE = path.resolve(ROOT, values['persist-to']);
const BASE = `http://localhost:${values.port}`;
const RUNS = Number(values.runs);
const VIDEOS = Number(values.videos);
if (!Number.isInteger(RUNS) || RUNS < 1) refuse(USAGE, `--runs must be a whole number above 0, not "${values.runs}"`);
if (![15, 25, 50, 100].includes(VIDEOS)) refuse(USAGE, `--videos must be 15, 25, 50 or 100 (a page of the list), not "${values.videos}"`);
const PERIODS: Array<[string, string]> = [
  ['7 days', '6'],
  ['28 days', '27'],
  ['90 days', '89'],
  ['365 days', '365'],
  ['lifetime', 'life'],
];

await ensurePortFree(Number(values.port));
await prepareLargeState(ROOT, STATE);
const server = await startServer(
  ['--port', values.port, '--persist-to', STATE, '--var', 'APP_ENV:local', ...partnerStoreFlag(), '--show-interactive-dev-session=false'],
  ROOT,
);
try {
  await waitForUrl(BASE, 60_000, server);
  console.log(`machine: ${machine()}; load average at the start: ${loadAverage()}`);
  const call = sessionCaller(BASE, await signInDemo(BASE, 'network'));
  const dates = (await (await call('/api/stat/dates', {})).json()) as { data: { max_date: string } };
  // Videos published a year to two months before the latest day: old enough to have gathered views (the
  // newest are often published after it), recent enough to be in every period measured.
  const published = { date_from: addDays(dates.data.max_date, -365), date_to: addDays(dates.data.max_date, -60) };
  const list = (await (await call('/api/profile/videos', { page: 1, per_page: VIDEOS, ...published })).json()) as {
    data: { titles: Array<{ videos: Array<{ video_id: string }> }> };
  };
  const ids = list.data.titles.flatMap((t) => t.videos.map((v) => v.video_id));
  let busiest = { id: '', views: -1, days: 0 };
  for (const id of ids) {
    const answer = (await (await call(`/api/video/${id}?period=life`, null)).json()) as {
      data: { figures: { views: number }; series: unknown[] };
    };
    if (answer.data.figures.views > busiest.views) busiest = { id, views: answer.data.figures.views, days: answer.data.series.length };
  }
  if (!busiest.id) throw new Error('the network owner has no videos: seed the state first');
  console.log(
    `video ${busiest.id}: ${busiest.views} lifetime views over ${busiest.days} months (busiest of ${ids.length}); median of ${RUNS}`,
  );
  const samples = PERIODS.map((): number[] => []);
  for (const [, value] of PERIODS) await timeCall(call, `/api/video/${busiest.id}?period=${value}`, null, 1);
  for (let round = 0; round < RUNS; round++) {
    for (const [i, [, value]] of PERIODS.entries())
      samples[i]?.push(...(await timeCall(call, `/api/video/${busiest.id}?period=${value}`, null, 1)));
  }
  const times = samples.map(median);
  const week = times[0] ?? 1;
  for (const [i, [label]] of PERIODS.entries()) {
    const t = times[i] ?? 0;
    console.log(`${label.padEnd(10)} ${t.toFixed(2).padStart(8)} ms  ${(t / week).toFixed(2)}x 7 days`);
  }
  const page = median(await timeCall(call, `/video/${busiest.id}`, null, RUNS));
  console.log(`page /video/${busiest.id} (Last 28 days, whole HTML): ${page.toFixed(2)} ms`);
  console.log(`load average at the end: ${loadAverage()}`);
} finally {
  stopServer(server);
}
