// `npm run bench:details`: the details table (POST /api/stat/details) for the network owner against
// the large dataset through the running worker (wrangler dev): every grouping and top field at "Last
// 3 months" and lifetime, without and with a channel filter, and the lifetime / 3-month ratio; then the
// largest table's downloads (xlsx and CSV): rows, seconds, bytes and how much the worker's memory grew.
import path from 'node:path';
import { DETAILS_GROUPS, DETAILS_TOP_FIELDS } from '../../src/lib/api/details.ts';
import { presetPeriod } from '../../src/lib/dates/periods.ts';
import { ensurePortFree, startServer, stopServer, waitForUrl } from '../lib/run.ts';
import { FILTER_CHANNELS } from './card-calls.ts';
import { partnerStoreFlag } from '../lib/local-vars.ts';
import { prepareLargeState } from './prepare.ts';
import { sampledGrowth } from './process-rss.ts';
import { sessionCaller, signInDemo } from './sign-in.ts';
import { type Caller, median, timeCall } from './timing.ts';
import { parseCommand } from '../lib/cli.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const USAGE = `usage: npm run bench:details -- [--persist-to DIR] [--port N] [--runs N]
  The details table (POST /api/stat/details) for the network owner on the large dataset through the
  built worker under wrangler dev: every grouping and top field at "Last 3 months" and lifetime, without
  and with a channel filter, and the lifetime / 3-month ratio; then the largest table's xlsx and CSV
  downloads (rows, seconds, bytes, the local server's memory growth).
  Builds first when the sources changed and seeds the large dataset into DIR when it has none (10–30
  minutes on 2 cores; it says so before it starts), then starts wrangler dev there and prints each group
  of figures as it is measured.
  --persist-to DIR  wrangler state holding the large dataset (default .tmp/bench-large)
  --port N          the local server's port (default 8798)
  --runs N          runs per figure, the median printed (default 7)`;
const { values } = parseCommand(USAGE, {
  options: {
    'persist-to': { type: 'string', default: '.tmp/bench-large' },
    port: { type: 'string', default: '8798' },
    runs: { type: 'string', default: '7' },
  },
});
const STATE = path.resolve(ROOT, values['persist-to']);
const BASE = `http://localhost:${values.port}`;
const RUNS = Number(values.runs);
/** A table page should answer within this; a lifetime should cost at most RATIO_TARGET times 3 months. */
const PAGE_TARGET_MS = 150;
const RATIO_TARGET = 2;

/** The combinations the page can ask for: titles are not grouped by on the subscribers table. */
const COMBINATIONS = DETAILS_GROUPS.flatMap((group) =>
  DETAILS_TOP_FIELDS.filter((top) => !(group === 'titles' && top === 'subscribers')).map((top) => ({ group, top })),
);

/**
 * Median of each body: one warm-up call each, then `runs` rounds calling every body once in turn, so a
 * burst of load on the shared machine falls on both ranges alike and the ratio holds.
 */
async function interleaved(call: Caller, bodies: Array<Record<string, unknown>>, runs: number): Promise<number[]> {
  const samples = bodies.map((): number[] => []);
  for (const body of bodies) await timeCall(call, '/api/stat/details', body, 1);
  for (let round = 0; round < runs; round++) {
    for (const [i, body] of bodies.entries()) samples[i]?.push(...(await timeCall(call, '/api/stat/details', body, 1)));
  }
  return samples.map(median);
}

/** A download should hold 10,000 rows within this (docs/stats.md, "Exports"). */
const EXPORT_TARGET_S = 3;

/**
 * The lifetime table with the most rows (every grouping, all channels), downloaded as xlsx and as CSV:
 * seconds to the last byte, the file's size, and the growth of the local server's resident memory
 * (wrangler and its workerd) while it answered, sampled every 25 ms.
 */
async function largestExport(call: Caller, serverPid: number | undefined): Promise<void> {
  const sizes = [];
  for (const { group, top } of COMBINATIONS) {
    const res = (await (await call('/api/stat/details', { group, top_field: top, per_page: 1 })).json()) as {
      data: { total_rows: number };
    };
    sizes.push({ group, top, rows: res.data.total_rows });
  }
  const largest = sizes.sort((a, b) => b.rows - a.rows)[0];
  if (!largest || serverPid === undefined) return;
  const query = new URLSearchParams({ group: largest.group, top_field: largest.top }).toString();
  console.log(`\nlargest table: ${largest.group} by ${largest.top}, lifetime, ${largest.rows} rows`);
  for (const [format, url] of [
    ['xlsx', `/api/stat/details/xlsx?${query}`],
    ['csv', `/api/stat/details?to_csv=true&${query}`],
  ] as const) {
    const seconds: number[] = [];
    let bytes = 0;
    let growth = 0;
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      const { result, growthMb } = await sampledGrowth(serverPid, async () => (await call(url, null)).arrayBuffer());
      seconds.push((performance.now() - started) / 1000);
      bytes = result.byteLength;
      growth = Math.max(growth, growthMb);
    }
    const s = median(seconds);
    console.log(
      `${format.padEnd(5)} ${s.toFixed(2)} s${s > EXPORT_TARGET_S ? '!' : ''} (median of 3), ${(bytes / 1024).toFixed(0)} KB, worker RSS grew at most ${growth.toFixed(0)} MB`,
    );
  }
}

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
  const months = presetPeriod('89', latest);
  if (!months?.from || !months.to) throw new Error(`no 3-month preset on ${latest}`);
  const threeMonths = { date_from: months.from, date_to: months.to };
  console.log(`network owner (${owned.data.length} channels), latest data ${latest}, 3 months = ${months.from}..${months.to}`);
  console.log(`median of ${RUNS} runs, ms; ! = over ${PAGE_TARGET_MS} ms or over ${RATIO_TARGET}x`);

  let worstMs = 0;
  let worstRatio = 0;
  for (const [name, filter] of [
    ['all channels', {}],
    [`${channels.length} channels`, { channels }],
  ] as const) {
    console.log(
      `\n${name}\n${'group'.padEnd(10)} ${'top field'.padEnd(16)} ${'3 months'.padStart(10)} ${'lifetime'.padStart(10)}   life/3m`,
    );
    for (const { group, top } of COMBINATIONS) {
      const body = { ...filter, group, top_field: top };
      const [short = 0, life = 0] = await interleaved(call, [{ ...body, ...threeMonths }, body], RUNS);
      const ratio = life / short;
      worstMs = Math.max(worstMs, short, life);
      worstRatio = Math.max(worstRatio, ratio);
      const ms = (t: number) => `${t.toFixed(1)}${t > PAGE_TARGET_MS ? '!' : ' '}`.padStart(10);
      console.log(
        `${group.padEnd(10)} ${top.padEnd(16)} ${ms(short)} ${ms(life)}   ${ratio.toFixed(2)}x${ratio > RATIO_TARGET ? '!' : ''}`,
      );
    }
  }
  await largestExport(call, server.pid);
  console.log(
    `\nslowest table page ${worstMs.toFixed(1)} ms (target < ${PAGE_TARGET_MS}); worst lifetime/3-month ratio ${worstRatio.toFixed(2)}x (target <= ${RATIO_TARGET}x)`,
  );
} finally {
  stopServer(server);
}
