// Unfolding a folded title month (docs/data-model.md, "Title folds (0027)"): the start checks that the
// report archive holds every day of it and marks it unfolding; a replay of those days (archive/replay.ts)
// writes them back while the month stays folded for every reader; the finish recomputes its title x
// country and title x audience months from them, so a different file loaded for one of its days counts.
import * as z from 'zod';
import { monthEnd } from '../../../lib/dates/time';
import { all, first, run } from '../../db/query';
import { raw } from '../../db/sql';
import { conflict } from '../../http/errors';
import type { FamilyName } from '../parse/report-types';
import type { ReplayTarget } from '../archive/load-archived';
import type { ImportTarget } from '../run-import';
import { refreshPendingRollups } from '../rollup/index';
import { monthFiles, notReplayed, uncoveredDays, type MonthFile } from './title-unfold-archive';
import { DELETE_TITLE_MONTHS, INSERT_TITLE_MONTHS } from '../load/audience/audience-sql';
import {
  CLEAR_UNFOLDING,
  DELETE_COUNTRY_MONTHS,
  DELETE_FOLDS,
  FACT_DAYS,
  FOLDED_CHANNELS,
  HAS_AUDIENCE_MONTH,
  INSERT_COUNTRY_MONTHS,
  MARK_UNFOLDING,
  UNFOLD_CHANNELS_PER_BATCH,
} from './title-unfold-sql';

/** One call of the unfold: a network, a month, and which step. */
export const unfoldSchema = z.object({
  network: z.union([z.string().trim().min(1).max(100), z.number().int().positive().max(Number.MAX_SAFE_INTEGER)]),
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use a month as YYYY-MM.'),
  action: z.enum(['start', 'finish', 'cancel']).default('start'),
});
export type UnfoldInput = z.infer<typeof unfoldSchema>;

/** The network as the operator named it (for messages) and its id. */
export interface UnfoldNetwork {
  id: number;
  label: string;
}

export interface UnfoldAnswer {
  action: UnfoldInput['action'];
  month: string;
  /** Channels whose month this call marked, finished or cleared. */
  channels: number;
  /** Start: the days with facts the replay writes back, and the range of days to replay. */
  days?: number;
  replay?: { from: string; to: string };
  /** Finish: monthly rows recomputed from the days. */
  countryRows?: number;
  audienceRows?: number;
}

interface Folded {
  channelId: number;
  unfoldingSince: number | null;
}

/** One store's folded channels of the month, and its fact days. */
interface StoreFolds {
  db: D1Database;
  folded: Folded[];
  ids: string;
  days: string[];
}

/**
 * The month's folded channels and what the archive must hold of it: their fact days, by report family,
 * over every store that holds the network's facts (each bucket's, when it is spread over several).
 */
interface MonthNeeds {
  stores: StoreFolds[];
  folded: Folded[];
  days: string[];
  families: FamilyName[];
  files: MonthFile[];
}

/** The databases holding the network's facts: the shared D1, or its store of each bucket its channels are in. */
async function factsDbsOf(target: ImportTarget, networkId: number): Promise<D1Database[]> {
  const { storeOf } = target;
  if (!storeOf) return [target.db];
  const buckets = await all<{ bucket: number }>(
    target.db,
    raw('SELECT 0 AS bucket UNION SELECT store_bucket FROM channels WHERE network_id = ?1 ORDER BY 1', networkId),
    'sql',
  );
  return buckets.map((b) => storeOf(networkId, b.bucket));
}

async function foldsIn(db: D1Database, networkId: number, month: string): Promise<StoreFolds & { audience: boolean }> {
  const folded = await all<Folded>(db, raw(FOLDED_CHANNELS, networkId, month));
  const ids = JSON.stringify(folded.map((f) => f.channelId));
  if (folded.length === 0) return { db, folded, ids, days: [], audience: false };
  const days = (await all<{ day: string }>(db, raw(FACT_DAYS, ids, month))).map((r) => r.day);
  const audience = await first<{ audience: number }>(db, raw(HAS_AUDIENCE_MONTH, ids, month));
  return { db, folded, ids, days, audience: Boolean(audience?.audience) };
}

async function needsOf(target: ReplayTarget, network: UnfoldNetwork, month: string, action: string): Promise<MonthNeeds> {
  const found = await Promise.all((await factsDbsOf(target, network.id)).map((db) => foldsIn(db, network.id, month)));
  const stores = found.filter((s) => s.folded.length > 0);
  if (stores.length === 0) throw conflict(`nothing folded in ${month} for ${network.label}: nothing to ${action}.`);
  const days = [...new Set(stores.flatMap((s) => s.days))].sort();
  const families: FamilyName[] = stores.some((s) => s.audience) ? ['basic', 'demographics'] : ['basic'];
  const files = await monthFiles(target.db, target.bucket, network.id, `${month}-01`, monthEnd(month));
  return { stores, folded: stores.flatMap((s) => s.folded), days, families, files };
}

/** Refuses (409) when a day with facts has no archived file of a family its title months need. */
function checkCovered(needs: MonthNeeds, network: UnfoldNetwork, month: string): void {
  if (needs.days.length === 0)
    throw conflict(`${month} of ${network.label} has no fact day left to replay its title months from: nothing to unfold.`);
  const gaps = needs.families.flatMap((family) => {
    const missing = uncoveredDays(needs.files, family, needs.days);
    return missing.length > 0 ? [`the archive holds no ${family} report for ${missing.join(', ')}`] : [];
  });
  if (gaps.length > 0)
    throw conflict(
      `cannot unfold ${month} for ${network.label}: ${gaps.join('; ')} (loaded before archiving began, or expired): unfolding would lose those days' title figures.`,
    );
}

/**
 * Checks that the archive can give the month its days back, then marks its folded channels unfolding
 * (a mark set by an earlier start stays, so running it again resumes). Answers the days to replay.
 * Throws a 409 naming what is missing, having changed nothing.
 * @example const { replay } = await startUnfold(target, { id: 3, label: 'acme' }, '2025-11', now)
 */
export async function startUnfold(target: ReplayTarget, network: UnfoldNetwork, month: string, now: number): Promise<UnfoldAnswer> {
  const needs = await needsOf(target, network, month, 'unfold');
  checkCovered(needs, network, month);
  for (const store of needs.stores) await run(store.db, raw(MARK_UNFOLDING, store.ids, month, now));
  const from = needs.files.reduce((min, f) => (f.firstDay < min ? f.firstDay : min), `${month}-01`);
  return { action: 'start', month, channels: needs.folded.length, days: needs.days.length, replay: { from, to: monthEnd(month) } };
}

/**
 * Once a replay has loaded every archived file of the month's days since the start, unfolds the month:
 * per batch of channels, their fold records deleted and both title months recomputed from the days, in
 * one transaction, so a reader sees the old month or the new one, never neither. Refuses (409), changing
 * nothing, while a file has not been loaded since the start.
 * @example await finishUnfold(target, { id: 3, label: 'acme' }, '2025-11')
 */
export async function finishUnfold(target: ReplayTarget, network: UnfoldNetwork, month: string): Promise<UnfoldAnswer> {
  const needs = await needsOf(target, network, month, 'finish');
  const unfolding = needs.folded.filter((f) => f.unfoldingSince !== null);
  if (unfolding.length === 0)
    throw conflict(
      `${month} of ${network.label} is folded, not unfolding: start it first (npm run admin -- unfold ${network.label} --month ${month}).`,
    );
  checkCovered(needs, network, month);
  const since = Math.min(...unfolding.map((f) => f.unfoldingSince ?? 0));
  const stale = needs.families.flatMap((family) => notReplayed(needs.files, family, needs.days, since));
  if (stale.length > 0)
    throw conflict(
      `${month} of ${network.label} stays folded: the replay has not loaded ${stale.map((f) => `${f.name} (${f.loadStatus ?? 'never loaded'})`).join(', ')} since the unfold began; run the unfold again to replay and finish, or --cancel.`,
    );
  const answer: UnfoldAnswer = { action: 'finish', month, channels: unfolding.length, countryRows: 0, audienceRows: 0 };
  for (const store of needs.stores) {
    // The replay's loads refresh what they mark; a mark left by a load cut off would keep the month from folding again.
    await refreshPendingRollups(store.db, target.db);
    const rows = await unfoldIn(
      store.db,
      network.id,
      month,
      store.folded.filter((f) => f.unfoldingSince !== null),
    );
    answer.countryRows = (answer.countryRows ?? 0) + rows.countries;
    answer.audienceRows = (answer.audienceRows ?? 0) + rows.audience;
  }
  return answer;
}

/** One store's unfolding channels unfolded, a batch of channels per transaction: the monthly rows written. */
async function unfoldIn(
  db: D1Database,
  networkId: number,
  month: string,
  unfolding: Folded[],
): Promise<{ countries: number; audience: number }> {
  const rows = { countries: 0, audience: 0 };
  for (let i = 0; i < unfolding.length; i += UNFOLD_CHANNELS_PER_BATCH) {
    const part = unfolding.slice(i, i + UNFOLD_CHANNELS_PER_BATCH).map((f) => f.channelId);
    const ids = JSON.stringify(part);
    const buckets = JSON.stringify(part.map((id) => [id, month]));
    const [, , countries, , audience] = await db.batch([
      db.prepare(DELETE_FOLDS).bind(ids, month),
      db.prepare(DELETE_COUNTRY_MONTHS).bind(buckets),
      db.prepare(INSERT_COUNTRY_MONTHS).bind(buckets),
      // The title x audience months as the demographics load refreshes them: rounded sums of cells above zero.
      db.prepare(DELETE_TITLE_MONTHS).bind(buckets, networkId),
      db.prepare(INSERT_TITLE_MONTHS).bind(buckets, networkId),
    ]);
    rows.countries += countries?.meta.changes ?? 0;
    rows.audience += audience?.meta.changes ?? 0;
  }
  return rows;
}

/**
 * Clears the unfolding mark: the month is plainly folded again with the figures it had, and the hourly
 * fold deletes the days a replay wrote back.
 * @example await cancelUnfold(target, { id: 3, label: 'acme' }, '2025-11')
 */
export async function cancelUnfold(target: ImportTarget, network: UnfoldNetwork, month: string): Promise<UnfoldAnswer> {
  let channels = 0;
  for (const db of await factsDbsOf(target, network.id)) {
    const unfolding = (await all<Folded>(db, raw(FOLDED_CHANNELS, network.id, month))).filter((f) => f.unfoldingSince !== null);
    if (unfolding.length > 0) await run(db, raw(CLEAR_UNFOLDING, JSON.stringify(unfolding.map((f) => f.channelId)), month));
    channels += unfolding.length;
  }
  if (channels === 0) throw conflict(`${month} of ${network.label} is not being unfolded: nothing to cancel.`);
  return { action: 'cancel', month, channels };
}
