// Analytics page reference calls: the countries filter's options.
import { Hono } from 'hono';
import type { AppVariables } from '../context';
import type { Bindings } from '../env';
import { requireUser } from '../middleware/require-user';
import { listCountries } from '../stats/catalog';

export const analyticsRoutes = new Hono<{ Bindings: Bindings; Variables: AppVariables }>()
  .get('/countries', requireUser, async (c) => c.json({ data: await listCountries(c.env.DB) }));
