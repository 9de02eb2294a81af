// Hands every /api/* request to the Hono app with the worker's bindings.
import type { APIRoute } from 'astro';
import app from '../../server/app';

export const prerender = false;

export const ALL: APIRoute = (ctx) => app.fetch(ctx.request, ctx.locals.runtime.env, ctx.locals.runtime.ctx);
