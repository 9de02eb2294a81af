// Every compatibility path under /youtube/api, one table per group of screens.
import type { PathHandler } from '../context';
import { channelPaths } from './channel';
import { globalPaths } from './global';
import { listPaths } from './lists';
import { rankingsPaths } from './rankings';
import { searchPaths, searchPostPaths } from './search';
import { trendsPaths } from './trends';

/** GET paths (query string). */
const GET_PATHS: Readonly<Record<string, PathHandler>> = {
  ...listPaths,
  ...rankingsPaths,
  ...globalPaths,
  ...channelPaths,
  ...trendsPaths,
  ...searchPaths,
};

/** POST paths (form encoded): the channel search. */
const POST_PATHS: Readonly<Record<string, PathHandler>> = { ...searchPostPaths };

/** The handler for a normalised path and method, or undefined. */
export function findPath(method: 'GET' | 'POST', path: string): PathHandler | undefined {
  const table = method === 'GET' ? GET_PATHS : POST_PATHS;
  return Object.hasOwn(table, path) ? table[path] : undefined;
}
