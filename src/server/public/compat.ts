// The compatibility call (docs/public-stats.md, "Common to every screen"): /api/analytics?path=/youtube/api/{path}&..., answered as {data: {body}}.
import { badRequest, notFound } from '../http/errors';
import { type PublicContext } from './context';
import { checkPeriodBounds } from './params';
import { findPath } from './paths';

const PREFIX = '/youtube/api';

export interface CompatCall {
  path: string;
  params: URLSearchParams;
}

/**
 * Splits the path value ('/youtube/api/trends/channel?p=1') into the path and its own parameters,
 * merged with the other query (or form) values; the path value itself is dropped.
 */
export function readCompatCall(values: URLSearchParams): CompatCall {
  const raw = values.get('path');
  if (!raw) throw badRequest(`path: give the call's path, e.g. ?path=${PREFIX}/tools/get_langs`);
  const [pathPart = '', inner = ''] = raw.split('?', 2);
  let path = pathPart.replace(/\/+$/, '');
  if (path.startsWith(PREFIX)) path = path.slice(PREFIX.length);
  if (!path.startsWith('/')) path = `/${path}`;
  const params = new URLSearchParams(inner);
  for (const [key, value] of values) if (key !== 'path') params.append(key, value);
  return { path, params };
}

/**
 * Runs a compatibility call; unknown paths are a 404 naming the path.
 * @example const body = await runCompatCall(ctx, 'GET', new URL(url).searchParams)
 */
export async function runCompatCall(ctx: PublicContext, method: 'GET' | 'POST', values: URLSearchParams): Promise<unknown> {
  const call = readCompatCall(values);
  const handler = findPath(method, call.path);
  if (!handler) throw notFound(`No such statistics call: ${method} ${PREFIX}${call.path}.`);
  // Every path's period is bounded by the request's own clock, before its handler runs.
  checkPeriodBounds(call.params, ctx.now);
  // Awaited here: a rejection passed on un-awaited is seen by workerd as unhandled for a tick.
  return await handler(ctx, call.params);
}
