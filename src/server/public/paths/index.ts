// Every compatibility path under /youtube/api, one table per group of screens.
import type { PathHandler, PathTable } from '../context';
import { channelPaths } from './channel';
import { globalPaths } from './global';
import { listPaths } from './lists';
import { rankingsPaths } from './rankings';
import { searchPaths, searchPostPaths } from './search';
import { trendsPaths } from './trends';

/** GET paths (query string); their answers are declared in src/lib/api/public.ts. */
export const GET_PATHS = {
  ...listPaths,
  ...rankingsPaths,
  ...globalPaths,
  ...channelPaths,
  ...trendsPaths,
  ...searchPaths,
} satisfies PathTable;

/** POST paths (form encoded): the channel search. */
export const POST_PATHS = { ...searchPostPaths } satisfies PathTable;

/** The handler for a normalised path and method, or undefined. */
export function findPath(method: 'GET' | 'POST', path: string): PathHandler | undefined {
  const table: PathTable = method === 'GET' ? GET_PATHS : POST_PATHS;
  return Object.hasOwn(table, path) ? table[path] : undefined;
}
