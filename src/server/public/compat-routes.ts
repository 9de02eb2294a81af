// /api/analytics: the partner countries list, and the public stats compatibility call (docs/public-stats.md, "Common to every screen").
import { Hono } from 'hono';
import { readLimitedForm, readLimitedText } from '../http/body-limit';
import type { AppEnv } from '../http/context';
import { requireUser } from '../http/middleware/require-user';
import { MAX_JSON_BODY_BYTES } from '../http/request-body';
import { runCompatCall } from './compat';
import { publicContext } from './context';
import { listCountries } from '../stats/catalog';

const PUBLIC_API_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

/** Form bodies of the search path: urlencoded or multipart, read the same way, within the JSON limit. */
async function formValues(req: Request): Promise<URLSearchParams> {
  const values = new URL(req.url).searchParams;
  const type = req.headers.get('content-type') ?? '';
  if (type.includes('application/x-www-form-urlencoded')) {
    for (const [k, v] of new URLSearchParams(await readLimitedText(req, MAX_JSON_BODY_BYTES))) values.append(k, v);
  } else if (type.includes('multipart/form-data')) {
    for (const [k, v] of await readLimitedForm(req, MAX_JSON_BODY_BYTES)) if (typeof v === 'string') values.append(k, v);
  }
  return values;
}

export const analyticsRoutes = new Hono<AppEnv>()
  .get('/countries', requireUser, async (c) => c.json({ data: await listCountries(c.env.DB) }))
  // Public: the public stats pages are open to visitors, so their calls need no session.
  .get('/', async (c) => {
    const body = await runCompatCall(publicContext(c.env), 'GET', new URL(c.req.url).searchParams);
    // The same for every visitor and refreshed by the rollups at most hourly.
    c.header('Cache-Control', PUBLIC_API_CACHE_CONTROL);
    return c.json({ data: { body } });
  })
  .post('/', async (c) => {
    const body = await runCompatCall(publicContext(c.env), 'POST', await formValues(c.req.raw));
    return c.json({ data: { body } });
  });
