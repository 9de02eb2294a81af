// /find.csv?… : the results of /find?… as a CSV download (src/server/public/csv/find.ts).
import type { APIRoute } from 'astro';
import { nowSeconds } from '../server/auth/expiry';
import { publicContext } from '../server/public/context';
import { findCsv } from '../server/public/csv/find';

export const prerender = false;

export const GET: APIRoute = ({ locals, request, url }) => findCsv(publicContext(locals.runtime.env), request, url, nowSeconds());
