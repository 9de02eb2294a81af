// /trend/video/{id}/hours.csv?… : the hourly figures /trend/video/{id}?… lists, as a CSV download (src/server/public/csv/trend-pages.ts).
import type { APIRoute } from 'astro';
import { nowSeconds } from '../../../../server/auth/expiry';
import { publicContext } from '../../../../server/public/context';
import { trendVideoCsv } from '../../../../server/public/csv/trend-pages';

export const prerender = false;

export const GET: APIRoute = ({ locals, params, request, url }) =>
  trendVideoCsv(publicContext(locals.runtime.env), request, url, params.id ?? '', nowSeconds());
