// /trends.csv?… : the chart page of /trends?… as a CSV download (src/server/public/csv/trends.ts).
import type { APIRoute } from 'astro';
import { nowSeconds } from '../server/auth/expiry';
import { publicContext } from '../server/public/context';
import { trendsCsv } from '../server/public/csv/trends';

export const prerender = false;

export const GET: APIRoute = ({ locals, request, url }) => trendsCsv(publicContext(locals.runtime.env), request, url, nowSeconds());
