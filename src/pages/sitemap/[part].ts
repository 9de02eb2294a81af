// /sitemap/{part}.xml (src/server/public/site-files): one part of the sitemap, or a 404 saying which exist.
import type { APIRoute } from 'astro';
import { sitemapPartAnswer } from '../../server/public/site-files/answer';

export const prerender = false;

export const GET: APIRoute = ({ locals, url, params }) => sitemapPartAnswer(locals.runtime.env, url, params.part ?? '');
