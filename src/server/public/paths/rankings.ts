// Compatibility paths of the rankings screens (filled in with their server functions).
import type { PathTable } from '../context';

export const rankingsPaths: PathTable = {};
