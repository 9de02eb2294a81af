// A daily report's plan: the (channel, day)s it replaces, and per table the reset, the new rows and the rows left zero.
import { raw } from '../../../db/sql';
import { statement } from '../../../db/query';
import type { KnownChannels } from '../channel-keys';
import type { Slice } from '../files';
import { chunkStatements } from '../json-chunks';
import { needsOfKeys, type ReportPlan } from '../plan';

/** What the statements of a daily plan bind, as JSON: its slices, their channel keys and their days. */
export interface DaysParams {
  /** [channel key, day] per slice, one JSON text each (chunked into ?1). */
  readonly slices: readonly string[];
  /** The slices' channel keys (?1 of a delete of zero rows). */
  readonly keys: string;
  /** The slices' days (?3 of a delete of zero rows). */
  readonly days: string;
}

/** A daily plan's statements, given where it writes and its JSON parameters. */
export type WriteDays = (db: D1Database, networkId: number | null, known: KnownChannels, params: DaysParams) => D1PreparedStatement[];

/**
 * The plan of a file that replaces its (channel, day)s whole: the channels they name, and the
 * statements `write` builds from the slices' JSON.
 * @example dailyPlan(slices, (db, networkId, known, params) => replaceDays(db, networkId, params, sql, rows(known)))
 */
export function dailyPlan(slices: readonly Slice[], write: WriteDays): ReportPlan {
  const keys = [...new Set(slices.map(([key]) => key))];
  const days = [...new Set(slices.map(([, day]) => day))];
  return {
    channels: needsOfKeys(keys),
    slices,
    daily: true,
    snapshot: false,
    channelCount: keys.length,
    statements: (db, networkId, _now, known) =>
      write(db, networkId, known, {
        slices: slices.map((s) => JSON.stringify(s)),
        keys: JSON.stringify(keys),
        days: JSON.stringify(days),
      }),
  };
}

/** One table's SQL for replacing days: every statement binds ?2 = the file's network (for UGC keys). */
export interface DaysSql {
  /** ?1 [channel key, day]: the slices' rows back to zero, so a re-issue replaces rather than adds. */
  readonly reset: string;
  /** ?1 JSON rows, the channel key first. */
  readonly upsert: string;
  /** ?1 channel keys, ?3 days: rows left all zero (a harmless superset of the slices). */
  readonly deleteZero: string;
}

/** A table's statements: reset the slices, write `rows` (JSON rows, the channel key first), delete rows left zero. */
export function replaceDays(
  db: D1Database,
  networkId: number | null,
  params: DaysParams,
  sql: DaysSql,
  rows: readonly string[],
): D1PreparedStatement[] {
  return [
    ...chunkStatements(db, sql.reset, params.slices, networkId),
    ...chunkStatements(db, sql.upsert, rows, networkId),
    statement(db, raw(sql.deleteZero, params.keys, networkId, params.days)),
  ];
}
