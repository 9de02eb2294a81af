// /compare.csv?c=… : the figures of /compare?c=… as a CSV download (src/server/public/csv/compare.ts).
import type { APIRoute } from 'astro';
import { nowSeconds } from '../server/auth/expiry';
import { publicContext } from '../server/public/context';
import { compareCsv } from '../server/public/csv/compare';

export const prerender = false;

export const GET: APIRoute = ({ locals, request, url }) => compareCsv(publicContext(locals.runtime.env), request, url, nowSeconds());
