// /robots.txt (src/server/public/site-files): what crawlers may read, and where the sitemap is.
import type { APIRoute } from 'astro';
import { robotsAnswer } from '../server/public/site-files/answer';

export const prerender = false;

export const GET: APIRoute = ({ locals, url }) => robotsAnswer(locals.runtime.env, url);
