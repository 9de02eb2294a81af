// Views per demographics key from the basic files of one import: the weights of views_percentage.
import { demographicsKey, type BasicRow } from '../../parse';

/**
 * Kept per (channel, day) so that a demographics file can tell whether its day's basic report came
 * in the same import, and so a second basic file for a day replaces the first one's views. Rows are
 * only grouped on add(); their keys are built for the (channel, day)s a demographics file asks for
 * (demographics usually cover far fewer rows than the basic report).
 */
export class BasicWeights {
  private readonly rowsByChannelDay = new Map<string, BasicRow[]>();
  private readonly views = new Map<string, Map<string, number>>();
  /** A basic file of the import loaded in pieces (pieces.ts): its rows were never here to weigh with. */
  private pieced: string | null = null;

  /** Notes a basic file of the import that was loaded in pieces, for the message of a demographics file that needed it. */
  addPieced(name: string): void {
    this.pieced = name;
  }

  /** Why a (channel, day) has no weights, when it is not simply a missing basic file. */
  get piecedBasic(): string | null {
    return this.pieced;
  }

  add(rows: readonly BasicRow[]): void {
    const fresh = new Map<string, BasicRow[]>();
    let last: BasicRow | null = null;
    let list: BasicRow[] = [];
    for (const row of rows) {
      // Reports come grouped by day and channel: the pair key is rebuilt only when it changes.
      if (last === null || row.channelId !== last.channelId || row.date !== last.date) {
        const pair = `${row.channelId}|${row.date}`;
        list = fresh.get(pair) ?? [];
        fresh.set(pair, list);
      }
      list.push(row);
      last = row;
    }
    for (const [key, group] of fresh) {
      this.rowsByChannelDay.set(key, group);
      this.views.delete(key);
    }
  }

  /** Views by demographics key for the channel (as the report names it) and day, if a basic file had them. */
  viewsFor(channelId: string, day: string): ReadonlyMap<string, number> | undefined {
    const pair = `${channelId}|${day}`;
    const done = this.views.get(pair);
    if (done) return done;
    const rows = this.rowsByChannelDay.get(pair);
    if (!rows) return undefined;
    const views = new Map<string, number>();
    for (const row of rows) {
      const key = demographicsKey(row);
      views.set(key, (views.get(key) ?? 0) + row.views);
    }
    this.views.set(pair, views);
    return views;
  }
}
