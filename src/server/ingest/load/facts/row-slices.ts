// A large daily file summed a bounded number of rows at a time, so its sums never hold more than one slice.
import type { ChannelKey } from '../channel-keys';
import type { DailyFacts } from './daily-plan';
import type { DailySink, DailySums } from './daily-sums';

/**
 * Sums rows into the current slice and closes it once it holds `sliceRows` rows, whatever the day or
 * channel: a content owner's daily file is one day of millions of rows, so a slice must be able to
 * end inside a (channel, day). A (channel, day) may then have partial sums in several slices (and in
 * several pieces of a file loaded across Workflow steps); they are staged unrounded and added up in
 * the applying batch, which rounds each total once (upsertStagedSql), so the order of the file's rows
 * does not matter. Closed slices wait in `closed` until the caller writes them.
 * @example const s = new RowSlices(basicSums, 20_000); add(s, row); for (const f of s.takeClosed()) await stage(f)
 */
export class RowSlices implements DailySink {
  private current: DailySums;
  private closed: DailyFacts[] = [];
  /** Slices handed out so far (closed or last). */
  private count = 0;

  constructor(
    private readonly newSums: () => DailySums,
    private readonly sliceRows: number,
  ) {
    this.current = newSums();
  }

  add(key: ChannelKey, day: string, country: string | null, videoId: string | null, values: readonly number[], live = false): void {
    if (this.current.rowCount >= this.sliceRows) this.close();
    this.current.add(key, day, country, videoId, values, live);
  }

  private close(): void {
    this.closed.push(this.current.toFacts());
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
