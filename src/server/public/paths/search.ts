// Compatibility paths of the search screens: /find, its bounds and suggestions, and the shell's overlay.
import type { PathTable } from '../context';
import { parseParams } from '../params';
import { getFormMaxValues, searchChannels } from '../search/channels';
import { parseSearchParams } from '../search/filters';
import { findOwnChannels, readStr, searchTrendVideos, suggestKeywords, userSearchSchema } from '../search/lookup';
import { withYoutube } from '../search/youtube';
import { reduceSearchInput } from '../../../lib/search/text';

export const searchPaths = {
  '/stat/form_max_values': (ctx) => getFormMaxValues(ctx),
  '/stat/user_search': async (ctx, params) => {
    const { str, mode } = parseParams(userSearchSchema, params);
    if (mode === 'videos') return searchTrendVideos(ctx, str);
    return withYoutube(ctx, reduceSearchInput(str), await findOwnChannels(ctx, str));
  },
  '/tools/get_tags': (ctx, params) => suggestKeywords(ctx, readStr(params)),
  '/trends/search': (ctx, params) => searchTrendVideos(ctx, readStr(params)),
} satisfies PathTable;

/** POST paths (form encoded): the channel search. */
export const searchPostPaths = {
  '/stat/search': (ctx, params) => searchChannels(ctx, parseSearchParams(params)),
} satisfies PathTable;
