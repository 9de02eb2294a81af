// /networks.csv?… : the rows of /networks?… as a CSV download (src/server/public/rankings/csv.ts).
import type { APIRoute } from 'astro';
import { nowSeconds } from '../server/auth/expiry';
import { publicContext } from '../server/public/context';
import { networksCsv } from '../server/public/rankings/csv';

export const prerender = false;

export const GET: APIRoute = ({ locals, request, url }) => networksCsv(publicContext(locals.runtime.env), request, url, nowSeconds());
