import { Hono } from 'hono';
import type { Bindings } from '../env';
export const authRoutes = new Hono<{ Bindings: Bindings }>().get('/ping', (c) => c.json({ data: 'auth' }));
