// POST /api/stat/details/map: the metric radio's figure per country (the map) and per top channel (the pie).
import type { AudienceGraph, DetailsMapAnswer } from '../../../lib/api/details';
import type { StatsDb } from '../stores';
import { countryName } from '../continents';
import { metricAnswer } from '../metrics';
import { compileStatQuery } from '../query';
import type { StatRequest } from '../request';
import { assertTitleDaysHeld } from '../title-folds';
import { groupEntries, groupStatements } from './groups';
import { labelsOf } from './labels';

/** Pie slices: the top channels by the metric, then one 'Other' slice for the rest. */
export const MAP_TOP_CHANNELS = 9;
export const OTHER_KEY = 'other';

/**
 * Countries (country grain, whole months from its rollups) with a non-zero figure, largest first, and
 * the channels' pie: the top MAP_TOP_CHANNELS and the rest summed into 'other' (left out when there is
 * no rest). One batch for the figures, one for the top channels' names.
 * @example await getDetailsMap(env.DB, request, 'partner_revenue')
 */
export async function getDetailsMap(db: StatsDb, req: StatRequest, graph: AudienceGraph): Promise<DetailsMapAnswer> {
  // Under a titles filter the map is views by title and country: a month those days were folded into is whole or refused.
  await assertTitleDaysHeld(db, req, { range: req.sumRange, byDay: false });
  const byCountry = compileStatQuery({
    scope: req.scope,
    metrics: [graph],
    dimensions: ['country'],
    range: req.sumRange,
    earningsRange: req.sumRange,
    horizon: req.today,
  });
  const [countryRows = [], ...channelResults] = await db.read([byCountry, ...groupStatements(req, 'channels', [graph])]);
  const countries = countryRows
    .map((r) => ({ code2: String(r.country_code), raw: Number(r[graph] ?? 0) }))
    .filter((c) => c.raw !== 0)
    .sort((a, b) => b.raw - a.raw || a.code2.localeCompare(b.code2))
    .map((c) => ({ code2: c.code2, name: countryName(c.code2), value: metricAnswer(graph, c.raw) }));
  const entries = groupEntries('channels', channelResults).sort(
    (a, b) => b.sums[graph] - a.sums[graph] || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
  const top = entries.slice(0, MAP_TOP_CHANNELS);
  const rest = entries.slice(MAP_TOP_CHANNELS);
  const labels = await labelsOf(db, 'channels', top);
  const channels = top.map((e) => ({ key: e.key, name: labels.get(e.key)?.name ?? e.key, value: metricAnswer(graph, e.sums[graph]) }));
  if (rest.length) {
    const other = rest.reduce((s, e) => s + e.sums[graph], 0);
    channels.push({ key: OTHER_KEY, name: 'Other', value: metricAnswer(graph, other) });
  }
  return { graph, countries, channels };
}
