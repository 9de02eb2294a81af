// Each dashboard card call timed at 7 days, 90 days, 365 days and lifetime (monthly chart, as the page
// opens it, and daily, as it keeps it after Last 7 days), with and without a channel filter, and its
// 365-day and lifetime costs as a ratio of its 7-day cost (target <= 2x).
import { defaultChartPeriod } from '../../src/lib/dates/chart-rules.ts';
import { presetPeriod, previousRange } from '../../src/lib/dates/periods.ts';
import { daysInclusive } from '../../src/lib/dates/time.ts';
import { median, timeCall, type Caller } from './timing.ts';

/** Lifetime and 365 days may cost at most this many times the 7-day call. */
export const RATIO_TARGET = 2;
/** Channels in the filtered variant: the first of the network owner's channel list. */
export const FILTER_CHANNELS = 50;

/** What the dashboard sends at load (base, engagement, location, demographics, traffic, forecast), then on demand. */
export const CALLS: Array<{ path: string; extra?: Record<string, unknown>; label: string }> = [
  { path: '/api/stat/base', label: 'base' },
  { path: '/api/stat/engagement', label: 'engagement' },
  { path: '/api/stat/location', label: 'location' },
  { path: '/api/stat/demographics', label: 'demographics' },
  { path: '/api/stat/traffic', label: 'traffic' },
  { path: '/api/stat/forecast', label: 'forecast' },
  // On demand: the Subscribers card's total view, the cards' Channels tabs and the Views and Earnings Formats tab.
  { path: '/api/stat/base/subscribers/total', label: 'subscribers total' },
  { path: '/api/stat/base/subscribers/total/channels', label: 'subs total channels' },
  { path: '/api/stat/views', extra: { group: 'channels' }, label: 'views by channel' },
  { path: '/api/stat/formats', label: 'formats' },
];

/**
 * The presets measured, as the dashboard sends them: dates, its default chart period, the comparison;
 * lifetime twice: by month (its default) and by day (kept from a shorter period, nextChartPeriod).
 */
export function ranges(latest: string): Array<{ label: string; body: Record<string, unknown> }> {
  const presets: Array<[string, string]> = [
    ['7 days', '6'],
    ['90 days', '89'],
    ['365 days', '365'],
  ];
  const dated = presets.map(([label, value]) => {
    const period = presetPeriod(value, latest)!;
    const compare = previousRange(period);
    const body = {
      date_from: period.from,
      date_to: period.to,
      chart_period: defaultChartPeriod(daysInclusive(period.from!, period.to!)),
      compare_from: compare?.from,
      compare_to: compare?.to,
    };
    return { label, body };
  });
  return [...dated, { label: 'lifetime', body: { chart_period: 'month' } }, { label: 'life, days', body: { chart_period: 'days' } }];
}

/**
 * Median latency of each body: one warm-up call each, then `runs` rounds calling every body once in
 * turn, so a burst of load on the shared machine falls on all ranges alike and the ratios hold.
 */
export async function interleaved(call: Caller, path: string, bodies: Array<Record<string, unknown>>, runs: number): Promise<number[]> {
  const samples = bodies.map((): number[] => []);
  for (const body of bodies) await timeCall(call, path, body, 1);
  for (let round = 0; round < runs; round++) {
    for (const [i, body] of bodies.entries()) samples[i]?.push(...(await timeCall(call, path, body, 1)));
  }
  return samples.map(median);
}

/** The calls every dashboard load sends. */
export const LOAD_CALLS = new Set(CALLS.slice(0, 6).map((c) => c.path));

/** 365 days, lifetime by month and lifetime by day over 7 days. */
const ratiosOf = ([week = 1, , year = 0, life = 0, lifeDays = 0]: number[]) => [year / week, life / week, lifeDays / week];

function row(label: string, times: number[]): string {
  const flags = ratiosOf(times).map((r) => `${r.toFixed(2)}x${r > RATIO_TARGET ? '!' : ' '}`.padStart(8));
  return `${label.padEnd(20)} ${times.map((t) => t.toFixed(2).padStart(10)).join(' ')}  ${flags.join(' ')}`;
}

/**
 * Times every call at every range, without and with the channel filter (median of `runs` rounds),
 * and prints one table per filter with each call's ratios. Returns the worst ratio.
 */
export async function benchCardCalls(call: Caller, latest: string, channels: string[], runs: number): Promise<number> {
  let worst = 0;
  for (const [name, filter] of [
    ['all channels', {}],
    [`${channels.length} channels`, { channels }],
  ] as const) {
    const table: string[] = [];
    const all = ranges(latest);
    table.push(`${'call'.padEnd(20)} ${all.map((r) => r.label.padStart(10)).join(' ')}   365d/7d  life/7d  l,d/7d`);
    const sums = all.map(() => 0);
    for (const c of CALLS) {
      // The forecast takes only the filters: it is the same call at every range.
      const bodies = all.map((range) => (c.label === 'forecast' ? { ...filter } : { ...range.body, ...filter, ...c.extra }));
      const times = await interleaved(call, c.path, bodies, runs);
      if (LOAD_CALLS.has(c.path)) times.forEach((t, i) => (sums[i] = (sums[i] ?? 0) + t));
      table.push(row(c.label, times));
      worst = Math.max(worst, ...ratiosOf(times));
    }
    table.push(row('load calls, summed', sums));
    console.log(`\nper call, ${name} (ms, median of ${runs}; ! = over the ${RATIO_TARGET}x target)`);
    for (const line of table) console.log(line);
  }
  return worst;
}
