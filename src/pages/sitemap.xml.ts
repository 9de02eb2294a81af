// /sitemap.xml (src/server/public/site-files): the index of the sitemap's parts.
import type { APIRoute } from 'astro';
import { sitemapIndexAnswer } from '../server/public/site-files/answer';

export const prerender = false;

export const GET: APIRoute = ({ locals, url }) => sitemapIndexAnswer(locals.runtime.env, url);
