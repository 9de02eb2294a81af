// Compatibility paths of the trends screens (filled in with their server functions).
import type { PathTable } from '../context';

export const trendsPaths: PathTable = {};
