// The Data API quota meter: units are reserved in D1 before each call, per Pacific day and job. Shared by
// the scheduled sync and the public search overlay, which draw on the same daily quota.
import { first, statement } from '../db/query';
import { raw } from '../db/sql';
import type { SendOptions } from './http';

/** Thrown instead of making a call that would pass the day's limit (or a job's budget). */
export class QuotaExceededError extends Error {
  constructor(
    readonly job: string,
    readonly units: number,
    readonly used: number,
    readonly limit: number,
    readonly what: 'day' | 'job budget',
  ) {
    super(`Data API quota: ${job} needs ${units} units; ${used} of the ${what === 'day' ? "day's" : "job's daily"} ${limit} already used`);
    this.name = 'QuotaExceededError';
  }
}

// One statement, so the check and the increment cannot interleave with another run's: the row
// is written only while the day's total plus these units stays within the limit (and, when
// given, the job's own total within its budget). ?5 NULL = no job budget.
const RESERVE_SQL = `
INSERT INTO sync_quota (day, job, units, calls)
SELECT ?1, ?2, ?3, 1
WHERE (SELECT coalesce(sum(units), 0) FROM sync_quota WHERE day = ?1) + ?3 <= ?4
  AND (?5 IS NULL OR (SELECT coalesce(sum(units), 0) FROM sync_quota WHERE day = ?1 AND job = ?2) + ?3 <= ?5)
ON CONFLICT (day, job) DO UPDATE SET units = units + excluded.units, calls = calls + 1`;
const REFUND_SQL = 'UPDATE sync_quota SET units = max(0, units - ?3), calls = max(0, calls - 1) WHERE day = ?1 AND job = ?2';
const TOTAL_SQL = 'SELECT coalesce(sum(units), 0) AS total FROM sync_quota WHERE day = ?1';
const JOB_TOTAL_SQL = 'SELECT coalesce(sum(units), 0) AS total FROM sync_quota WHERE day = ?1 AND job = ?2';

/**
 * Counts Data API units for one run. `day` is the Pacific day the run started in.
 * @example await sendJson(api, schema, url, init, meter.perAttempt('trends', 1))
 */
export class QuotaMeter {
  readonly #spent = new Map<string, number>();
  #usedToday = 0;

  constructor(
    private readonly db: D1Database,
    readonly day: string,
    readonly limit: number,
  ) {}

  /** Reserves units for a call about to be made, or throws QuotaExceededError (nothing is sent then). */
  async reserve(job: string, units: number, jobBudget: number | null = null): Promise<void> {
    const [insert, total, jobTotal] = await this.db.batch<{ total: number }>([
      statement(this.db, raw(RESERVE_SQL, this.day, job, units, this.limit, jobBudget)),
      statement(this.db, raw(TOTAL_SQL, this.day)),
      statement(this.db, raw(JOB_TOTAL_SQL, this.day, job)),
    ]);
    this.#usedToday = total?.results[0]?.total ?? 0;
    if (insert?.meta.changes !== 1) {
      const jobUsed = jobTotal?.results[0]?.total ?? 0;
      if (jobBudget !== null && jobUsed + units > jobBudget) throw new QuotaExceededError(job, units, jobUsed, jobBudget, 'job budget');
      throw new QuotaExceededError(job, units, this.#usedToday, this.limit, 'day');
    }
    this.#spent.set(job, (this.#spent.get(job) ?? 0) + units);
  }

  /** Gives back the units of a call that never reached Google (reserve ran, the connection failed). */
  async refund(job: string, units: number): Promise<void> {
    await statement(this.db, raw(REFUND_SQL, this.day, job, units)).run();
    this.#spent.set(job, Math.max(0, (this.#spent.get(job) ?? 0) - units));
  }

  /**
   * The hooks that make `send` pay per attempt actually sent: each attempt (retries included) reserves
   * the call's units just before it goes; one refused by the meter is never sent and costs nothing.
   * @example await send(api, url, init, { ...quota.perAttempt('trends', 1) })
   */
  perAttempt(job: string, units: number, jobBudget: number | null = null): Pick<SendOptions, 'beforeAttempt' | 'unsent'> {
    return { beforeAttempt: () => this.reserve(job, units, jobBudget), unsent: () => this.refund(job, units) };
  }

  /** Units this run spent on a job. */
  spent(job: string): number {
    return this.#spent.get(job) ?? 0;
  }

  /** The day's units so far, all jobs and runs. */
  async usedToday(): Promise<number> {
    const row = await first<{ total: number }>(this.db, raw(TOTAL_SQL, this.day));
    this.#usedToday = row?.total ?? 0;
    return this.#usedToday;
  }
}
