import { Hono } from 'hono';
import type { Bindings } from '../env';
export const profileRoutes = new Hono<{ Bindings: Bindings }>().get('/ping', (c) => c.json({ data: 'profile' }));
