// Day and week charts at the channel grain read a network's days added up (network_daily, migration 0034)
// for each network the scope holds most of, less the few channels of it the scope leaves out, plus the
// scope's channels of other networks (or none) day by day (docs/stats.md, "Network days").
import { type Fragment, raw } from '../db/sql';

/**
 * The networks whose days are read whole: more than half their channels are in the scope, so subtracting
 * the others reads fewer channel days than adding the scope's. Appended to the scope CTE.
 */
export const WHOLE_NETWORKS_CTE = `whole(network_id) AS (SELECT c.network_id FROM scope s JOIN channels c ON c.id = s.channel_id
    WHERE c.network_id IS NOT NULL GROUP BY c.network_id
    HAVING count(*) * 2 > (SELECT count(*) FROM channels o WHERE o.network_id = c.network_id))`;

const IN_WHOLE = 'SELECT o.id FROM channels o WHERE o.network_id IN (SELECT network_id FROM whole)';

/** The three reads of a scope's days, each with the sign its rows are added with. */
export const NETWORK_DAY_PARTS: ReadonlyArray<{ table: 'network_daily' | 'channel_daily'; filter: Fragment; sign: 1 | -1 }> = [
  { table: 'network_daily', filter: raw('network_id IN (SELECT network_id FROM whole)'), sign: 1 },
  // The whole networks' channels the scope leaves out (not granted, filtered out, in-house or UGC excluded).
  {
    table: 'channel_daily',
    filter: raw(`channel_id IN (${IN_WHOLE} AND o.id NOT IN (SELECT channel_id FROM scope))`),
    sign: -1,
  },
  // The scope's channels outside them. The condition picks the channels before their days are read: as
  // a condition on each day row it read every scope channel's days to keep none (85 ms against 4 ms for a
  // lifetime by day of the large seed's 500 channels, all of one network).
  {
    table: 'channel_daily',
    filter: raw(`channel_id IN (SELECT channel_id FROM scope WHERE channel_id NOT IN (${IN_WHOLE}))`),
    sign: 1,
  },
];
