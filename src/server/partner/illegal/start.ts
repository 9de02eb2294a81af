// The /illegal pages' first view on the server: the URL's query settled, the filter lists, and the view's answer.
import type { SessionUser } from '../../auth/session-user';
import { listUserChannels, listUserTitles } from '../../stats/catalog';
import { scopeFor } from '../../stats/filters';
import { chartBody, type IllegalStart, type IllegalView, readIllegalQuery, tableBody } from '../../../lib/partner/illegal-query';
import { answered, knownChoices, NOT_READ } from '../start-answer';
import { parseInput } from '../../http/validate';
import { getIllegalChart } from './chart';
import { copiesFilter, copiesOnStores } from './copies';
import type { PartnerStoreEnv } from '../../partner-store';
import { illegalChartSchema, illegalTableSchema } from './schema';
import { getIllegalTable } from './table';

/**
 * The page for a URL as the signed-in user sees it: the body the island would send, parsed by the same
 * schema and scoped to the session user by the same code as POST /api/illegal/{table,chart}.
 * @example const start = await getIllegalStart(env, Astro.locals.user, 'table', Astro.url.search, today)
 */
export async function getIllegalStart(
  env: PartnerStoreEnv,
  user: SessionUser,
  view: IllegalView,
  search: string,
  today: string,
): Promise<IllegalStart> {
  const asked = readIllegalQuery(view, search, today);
  const scope = scopeFor(user, {});
  const db = env.DB;
  // Independent reads started together: the lists the URL's channels and titles are checked against.
  const [channels, titles] = await Promise.all([
    listUserChannels(db, scope),
    user.showTitle ? listUserTitles(db, scope) : Promise.resolve([]),
  ]);
  const chosen = knownChoices(asked, { channels, titles });
  const query = { ...asked, channels: chosen.channels.kept, titles: chosen.titles.kept };
  const table =
    view === 'table'
      ? await answered('illegal', 'table', async () => {
          const body = parseInput(illegalTableSchema, tableBody(query, user.showTitle));
          return getIllegalTable(...(await copiesOnStores(env, copiesFilter(user, body, today))), body);
        })
      : NOT_READ;
  const chart =
    view === 'chart'
      ? await answered('illegal', 'chart', async () => {
          const body = parseInput(illegalChartSchema, chartBody(query, user.showTitle));
          return getIllegalChart(...(await copiesOnStores(env, copiesFilter(user, body, today))), body, today);
        })
      : NOT_READ;
  return {
    query,
    channels: channels.map((c) => ({ value: c.channel_id, label: c.channel_title })),
    titles: titles.map((t) => ({ value: String(t.title_id), label: t.title })),
    table,
    chart,
  };
}
