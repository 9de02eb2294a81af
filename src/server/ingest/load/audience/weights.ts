// Views per demographics key from the basic files of one import: the weights of views_percentage.
import { demographicsKey, type BasicRow } from '../../parse';

/**
 * Kept per (channel, day) so that a demographics file can tell whether its day's basic report came
 * in the same import, and so a second basic file for a day replaces the first one's views.
 */
export class BasicWeights {
  private readonly byChannelDay = new Map<string, Map<string, number>>();

  add(rows: readonly BasicRow[]): void {
    const fresh = new Map<string, Map<string, number>>();
    for (const row of rows) {
      const pair = `${row.channelId}|${row.date}`;
      let views = fresh.get(pair);
      if (!views) {
        views = new Map();
        fresh.set(pair, views);
      }
      const key = demographicsKey(row);
      views.set(key, (views.get(key) ?? 0) + row.views);
    }
    for (const [pair, views] of fresh) this.byChannelDay.set(pair, views);
  }

  /** Views by demographics key for the channel (as the report names it) and day, if a basic file had them. */
  viewsFor(channelId: string, day: string): ReadonlyMap<string, number> | undefined {
    return this.byChannelDay.get(`${channelId}|${day}`);
  }
}
