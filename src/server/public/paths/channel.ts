// Compatibility paths of the channel screens (filled in with their server functions).
import type { PathTable } from '../context';

export const channelPaths: PathTable = {};
