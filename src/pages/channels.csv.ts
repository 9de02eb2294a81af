// /channels.csv?… : the rows of /channels?… as a CSV download (src/server/public/rankings/csv.ts).
import type { APIRoute } from 'astro';
import { nowSeconds } from '../server/auth/expiry';
import { publicContext } from '../server/public/context';
import { channelsCsv } from '../server/public/rankings/csv';

export const prerender = false;

export const GET: APIRoute = ({ locals, request, url }) => channelsCsv(publicContext(locals.runtime.env), request, url, nowSeconds());
