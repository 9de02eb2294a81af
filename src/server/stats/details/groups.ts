// Every row of a details grouping: its key, the stored ids it sums, and its sums over the range.
import type { DetailsGroup } from '../../../lib/api/details';
import { raw } from '../../db/sql';
import { badRequest } from '../../http/errors';
import { catalogue, type Statement } from '../statements';
import type { DimensionName } from '../dimensions';
import { type Scope, scopeCte } from '../filters';
import { formatsStatement } from '../formats';
import type { MetricName } from '../metrics';
import { compileStatQuery } from '../query';
import type { StatRequest } from '../request';
import type { StatRow } from '../runner';
import { addSums, DETAIL_METRICS, type DetailSums, sumsOf, ZERO_SUMS } from './figures';

/** The groupings the query compiler answers by a dimension; formats are read from the format grain. */
export type DimensionGroup = Exclude<DetailsGroup, 'formats'>;

export const DIMENSION_OF = { channels: 'channel', titles: 'title', countries: 'country' } as const satisfies Record<
  DimensionGroup,
  DimensionName
>;
const ID_COLUMN = { channels: 'channel_id', titles: 'title_id', countries: 'country_code', formats: 'video_type' } as const;

const FILTER_FIELDS = { titles: 'titles', countries: 'countries', typeVideo: 'type_video' } as const;

/**
 * The format grain has no titles or countries, and its Shorts are every Short where the video type filter
 * reads the title grain (videos with a title): under any of these filters the rows would not add up to the
 * ungrouped figures, so the grouping is refused, naming the filter (the formats call answers null the same way).
 */
export function assertFormatsSplit(scope: Scope): void {
  const filter = (['titles', 'countries', 'typeVideo'] as const).find((f) => Boolean(scope.filters[f]));
  if (filter) {
    throw badRequest(
      `${FILTER_FIELDS[filter]}: figures by format are not split by ${filter === 'typeVideo' ? 'video type' : filter}; leave out the filter or choose another grouping.`,
    );
  }
}

/**
 * One row of a grouping. Channels are keyed by YouTube id, so every UGC channel of the scope is one 'ugc'
 * row; formats by their video_type.
 */
export interface GroupEntry {
  key: string;
  /** The stored ids the row sums: channel ids, one title id, one country code, or one format. */
  ids: Array<number | string>;
  sums: DetailSums;
  /** Formats: the row's engaged views. */
  engagedViews?: number;
}

/**
 * The scope's channels with their keys: a channel row's key and which channels are one UGC row. The
 * catalogue's rows: read once in the shared D1 when several stores answer.
 */
function channelKeys(req: StatRequest): Statement {
  const cte = scopeCte(req.scope);
  return catalogue(
    raw(
      `${cte.sql}\nSELECT c.id, coalesce(c.youtube_id, 'ugc') AS key FROM channels c WHERE c.id IN (SELECT channel_id FROM scope)`,
      ...cte.params,
    ),
  );
}

/**
 * The statements of a grouping's sums (whole months and years from the rollups: range and earnings
 * range are the sum range) and, for channels, their keys. Run them in one batch, then groupEntries().
 * @example const statements = groupStatements(request, 'countries', ['views'])
 */
export function groupStatements(req: StatRequest, group: DetailsGroup, metrics: readonly MetricName[] = DETAIL_METRICS): Statement[] {
  if (group === 'formats') {
    // Every figure at once: the split of earnings by format needs the statement months' windows anyway.
    assertFormatsSplit(req.scope);
    return [formatsStatement(req.scope, req.sumRange)];
  }
  const sums = compileStatQuery({
    scope: req.scope,
    metrics,
    dimensions: [DIMENSION_OF[group]],
    range: req.sumRange,
    earningsRange: req.sumRange,
    horizon: req.today,
  });
  return group === 'channels' ? [sums, channelKeys(req)] : [sums];
}

const isEmpty = (s: DetailSums) => Object.values(s).every((v) => v === 0);

/**
 * The rows of a grouping from groupStatements' results. Figures by country may read subtracted rows
 * (cover.ts), so a country whose every sum is 0 is left out: it has no facts in the range; so is a format
 * without figures (a channel without live videos has no Live row), as on the Formats tab.
 */
export function groupEntries(group: DetailsGroup, results: StatRow[][]): GroupEntry[] {
  const [rows = [], keys = []] = results;
  const idColumn = ID_COLUMN[group];
  const keyOf = new Map(keys.map((k) => [Number(k.id), String(k.key)]));
  const entries = new Map<string, GroupEntry>();
  for (const row of rows) {
    const id = group === 'countries' || group === 'formats' ? String(row[idColumn]) : Number(row[idColumn]);
    const key = group === 'channels' ? (keyOf.get(Number(id)) ?? String(id)) : String(id);
    const sums = sumsOf(row);
    if ((group === 'countries' || group === 'formats') && isEmpty(sums)) continue;
    const entry = entries.get(key) ?? { key, ids: [], sums: ZERO_SUMS };
    const engaged = group === 'formats' ? { engagedViews: Number(row.engaged_views ?? 0) } : {};
    entries.set(key, { key, ids: [...entry.ids, id], sums: addSums(entry.sums, sums), ...engaged });
  }
  return [...entries.values()];
}
