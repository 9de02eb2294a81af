// The public rollups in dependency order: history and channel_now, then rankings and totals of the periods they touch.
import { refreshHistory, refreshNow } from './history';
import { periodSources } from './period-sources';
import { NOW_PERIOD, NOW_PERIOD_DAYS, shiftMonth, sortedUnique } from './periods';
import { addDays, monthOf } from '../../../lib/dates/time';
import { readFilterValues, refreshFilterPositions, type ChannelValues } from './filter-positions';
import { refreshPositions } from './positions';
import { refreshRankings } from './rankings';
import { readRows, type Runner } from './runner';
import { raw } from '../../db/sql';
import { refreshGlobalStats, refreshNetworkStats } from './totals';

/** Rankings, network and global totals of the periods. */
export async function refreshPeriods(runner: Runner, ranked: string[], totalled: string[]): Promise<void> {
  // The channels' countries, categories, languages and networks, read once for every period ranked.
  let values: ChannelValues | undefined;
  for (const period of ranked) {
    const sources = periodSources(period);
    await refreshRankings(runner, sources);
    await refreshPositions(runner, period);
    values ??= await readFilterValues(runner);
    await refreshFilterPositions(runner, period, values);
    await refreshNetworkStats(runner, sources);
  }
  for (const period of totalled) await refreshGlobalStats(runner, periodSources(period));
}

/** The latest snapshot day: channel_now's, or a newer one just loaded. */
async function latestSnapshotDay(runner: Runner, snapshotDays: string[]): Promise<string | null> {
  const [row] = await readRows<{ day: string | null }>(runner, raw('SELECT max(day) AS day FROM channel_now'));
  const days = [row?.day ?? null, ...snapshotDays].filter((day): day is string => day !== null);
  return days.length === 0 ? null : days.reduce((a, b) => (a > b ? a : b));
}

export interface PublicChanges {
  snapshotDays: string[];
}

/**
 * After snapshots of some days changed: those days' months and the next ones (whose growth starts
 * from them) for every channel; 'now' when a day falls in it or in the 30 days before (previous
 * positions). Partner facts move nothing here: public figures come from public data only.
 */
export async function refreshPublic(runner: Runner, changes: PublicChanges): Promise<void> {
  const { snapshotDays } = changes;
  if (snapshotDays.length === 0) return;
  const latestDay = await latestSnapshotDay(runner, snapshotDays);
  if (latestDay === null) return;
  const lastMonth = monthOf(latestDay);
  const upToLast = (months: string[]) => sortedUnique(months).filter((month) => month <= lastMonth);
  const snapshotMonths = upToLast(snapshotDays.flatMap((day) => [monthOf(day), shiftMonth(monthOf(day), 1)]));
  await refreshHistory(runner, snapshotMonths, null);
  // 'now' reads the 60 days to the latest snapshot: its own 30 and, for previous positions, the 30 before.
  const nowTouched = snapshotDays.some((day) => day >= addDays(latestDay, -2 * NOW_PERIOD_DAYS));
  if (nowTouched) await refreshNow(runner, latestDay, null);
  // A month's previous positions are the month before's: the month after a changed one re-ranks too.
  const ranked = [...upToLast(snapshotMonths.flatMap((month) => [month, shiftMonth(month, 1)])), ...(nowTouched ? [NOW_PERIOD] : [])];
  const totalled = [...upToLast(snapshotMonths), ...(nowTouched ? [NOW_PERIOD] : [])];
  await refreshPeriods(runner, ranked, totalled);
}
