// A large daily file summed a slice of days at a time, so its sums never hold more than one slice.
import type { ChannelKey } from '../channel-keys';
import type { DailyFacts } from './daily-plan';
import type { DailySink, DailySums } from './daily-sums';

/** Thrown when a day comes back after its slice was closed: the file is not ordered by day. */
export class NotDayOrdered extends Error {
  constructor(readonly day: string) {
    super(`day ${day} comes back after a later day`);
    this.name = 'NotDayOrdered';
  }
}

/**
 * Sums rows into the current slice of days. A slice closes when it holds `sliceRows` rows or more and
 * a day not in it begins; its facts wait in `closed` until the caller writes them. Reports come
 * ordered by day (YouTube's, and the days of a concatenated backfill), so every day's rows are in one
 * slice; a day seen again after its slice closed throws NotDayOrdered, and the caller reads the file
 * again a slice at a time (see sliceDays). `only`, when given, keeps the rows of those days alone.
 * @example const w = new DayWindows(basicSums, 100_000); add(w, row); for (const f of w.takeClosed()) await write(f)
 */
export class DayWindows implements DailySink {
  private current: DailySums;
  private readonly days = new Set<string>();
  private readonly closedDays = new Set<string>();
  private closed: DailyFacts[] = [];
  /** Slices handed out so far (closed or last). */
  private count = 0;

  constructor(
    private readonly newSums: () => DailySums,
    private readonly sliceRows: number,
    private readonly only: ReadonlySet<string> | null = null,
  ) {
    this.current = newSums();
  }

  add(key: ChannelKey, day: string, country: string | null, videoId: string | null, values: readonly number[], live = false): void {
    if (this.only && !this.only.has(day)) return;
    if (!this.days.has(day)) {
      if (this.closedDays.has(day)) throw new NotDayOrdered(day);
      if (this.current.rowCount >= this.sliceRows) this.close();
      this.days.add(day);
    }
    this.current.add(key, day, country, videoId, values, live);
  }

  private close(): void {
    this.closed.push(this.current.toFacts());
    for (const day of this.days) this.closedDays.add(day);
    this.days.clear();
    this.current = this.newSums();
    this.count++;
  }

  /** The slices closed since the last call, in file order. */
  takeClosed(): DailyFacts[] {
    const out = this.closed;
    this.closed = [];
    return out;
  }

  /** The last slice; `only` says whether it is the file's one and only slice. */
  finish(): { facts: DailyFacts; only: boolean } {
    const facts = this.current.toFacts();
    this.count++;
    return { facts, only: this.count === 1 };
  }
}

/**
 * Groups days, in order, into slices of about `sliceRows` rows (a day larger than that is a slice of
 * its own): the passes over a file that is not ordered by day.
 */
export function sliceDays(rowsByDay: ReadonlyMap<string, number>, sliceRows: number): Array<Set<string>> {
  const slices: Array<Set<string>> = [];
  let current = new Set<string>();
  let rows = 0;
  for (const day of [...rowsByDay.keys()].sort()) {
    const n = rowsByDay.get(day) ?? 0;
    if (current.size > 0 && rows + n > sliceRows) {
      slices.push(current);
      current = new Set();
      rows = 0;
    }
    current.add(day);
    rows += n;
  }
  if (current.size > 0) slices.push(current);
  return slices;
}
