// Compatibility paths of the search screens (filled in with their server functions).
import type { PathTable } from '../context';

export const searchPaths: PathTable = {};

/** POST paths (form encoded): the channel search. */
export const searchPostPaths: PathTable = {};
