// /trend/channel/{id}/positions.csv?… : the best daily positions /trend/channel/{id}?… lists, as a CSV download (src/server/public/csv/trend-pages.ts).
import type { APIRoute } from 'astro';
import { nowSeconds } from '../../../../server/auth/expiry';
import { publicContext } from '../../../../server/public/context';
import { trendChannelCsv } from '../../../../server/public/csv/trend-pages';

export const prerender = false;

export const GET: APIRoute = ({ locals, params, request, url }) =>
  trendChannelCsv(publicContext(locals.runtime.env), request, url, params.id ?? '', nowSeconds());
