// A channel's grade from its stored 'now' positions (channel_positions) and its latest snapshot day.
import { raw } from '../../db/sql';
import { all } from '../../db/query';
import { GRADE_METRICS, gradeOf, type ChannelGrade, type GradeMetric } from '../../../lib/public/grade';
import type { PublicContext } from '../context';

/** The grade's metrics as SQL literals: constants of our own, never input. */
const METRIC_LITERALS = GRADE_METRICS.map((m) => `'${m.metric}'`);

/**
 * One row per grade metric: the ranking's size (its last position, a primary-key seek), the channel's
 * position in it through the partial index channel_positions_grade (migration 0042; its WHERE terms are
 * repeated here as written, which SQLite needs to use it) and the channel's 'now' snapshot day.
 */
const GRADE_SQL = `WITH m(metric) AS (VALUES ${METRIC_LITERALS.map((l) => `(${l})`).join(', ')})
SELECT m.metric, (SELECT day FROM channel_now WHERE channel_id = ?1) AS day,
  (SELECT max(t.position) FROM channel_positions AS t WHERE t.period = 'now' AND t.metric = m.metric) AS total,
  (SELECT p.position FROM channel_positions AS p
    WHERE p.period = 'now' AND p.metric IN (${METRIC_LITERALS.join(', ')}) AND p.metric = m.metric AND p.channel_id = ?1) AS position
FROM m`;

/** The statement, for tests that check its plan. */
export function gradeQuery(channelId: number) {
  return raw(GRADE_SQL, channelId);
}

export interface GradeRead {
  /** Null when the channel is ranked in none of the grade's metrics. */
  grade: ChannelGrade | null;
  /** The channel's latest snapshot day (its 'now' figures' day), null when it has none. */
  day: string | null;
}

/**
 * The channel's grade for the last 30 days and the day it is as of: one statement of key seeks.
 * @example const { grade, day } = await getChannelGrade(ctx, 42)
 */
export async function getChannelGrade({ db }: PublicContext, channelId: number): Promise<GradeRead> {
  const rows = await all<{ metric: GradeMetric; day: string | null; total: number | null; position: number | null }>(
    db,
    gradeQuery(channelId),
    'sql',
  );
  const day = rows[0]?.day ?? null;
  // Positions are written from channel_now: a channel without 'now' figures has no standing to grade.
  if (day === null) return { grade: null, day };
  return { grade: gradeOf(rows.map((r) => ({ metric: r.metric, position: r.position, total: r.total ?? 0 }))), day };
}
