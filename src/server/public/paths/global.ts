// Compatibility paths of the global screens (filled in with their server functions).
import type { PathTable } from '../context';

export const globalPaths: PathTable = {};
