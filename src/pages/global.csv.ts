// /global.csv?table=…&… : one table of /global?… as a CSV download (src/server/public/csv/global.ts).
import type { APIRoute } from 'astro';
import { nowSeconds } from '../server/auth/expiry';
import { publicContext } from '../server/public/context';
import { globalCsv } from '../server/public/csv/global';

export const prerender = false;

export const GET: APIRoute = ({ locals, request, url }) => globalCsv(publicContext(locals.runtime.env), request, url, nowSeconds());
