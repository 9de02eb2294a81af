// /network/{id}/channels.csv?… : the page of channels /network/{id}?… shows, as a CSV download (src/server/public/csv/network.ts).
import type { APIRoute } from 'astro';
import { nowSeconds } from '../../../server/auth/expiry';
import { publicContext } from '../../../server/public/context';
import { networkChannelsCsv } from '../../../server/public/csv/network';

export const prerender = false;

export const GET: APIRoute = ({ locals, params, request, url }) =>
  networkChannelsCsv(publicContext(locals.runtime.env), request, url, params.id ?? '', nowSeconds());
