// What the details page opens with (rendered by the server, hydrated by the island) and which of its
// blocks a state shows, each with the body its call sends: a block whose body is unchanged keeps its answer.
import type { PostBody, Sendable } from '../api/calls';
import type { SearchTermsAnswer } from '../api/search-terms';
import type { TrafficAnswer } from '../api/traffic';
import {
  DETAILS_PAGE_SIZE,
  type AudienceAnswer,
  type DetailsAnswer,
  type DetailsGraphAnswer,
  type DetailsMapAnswer,
  type DetailsSummary,
} from '../api/details';
import type { StartAnswer } from '../dashboard/query';
import { detailsBody, graphBody, mapBody, tableBody } from './call-bodies';
import type { DetailsQuery, DetailsViewer } from './query';

/** The page's blocks, each filled by one call. */
export interface DetailsAnswers {
  summary: StartAnswer<DetailsSummary>;
  table: StartAnswer<DetailsAnswer>;
  audience: StartAnswer<AudienceAnswer>;
  graph: StartAnswer<DetailsGraphAnswer>;
  map: StartAnswer<DetailsMapAnswer>;
  traffic: StartAnswer<TrafficAnswer>;
  searchTerms: StartAnswer<SearchTermsAnswer>;
}
export type DetailsBlock = keyof DetailsAnswers;

export const BLOCK_PATHS = {
  summary: '/api/stat/details/total',
  table: '/api/stat/details',
  audience: '/api/stat/details/audience',
  graph: '/api/stat/details/graph',
  map: '/api/stat/details/map',
  traffic: '/api/stat/details/traffic',
  searchTerms: '/api/stat/details/search-terms',
} as const;

export type BlockBodies = { [B in DetailsBlock]: Sendable<PostBody<(typeof BLOCK_PATHS)[B]>> };

/**
 * The blocks a state shows and the body each one's call sends: the summary always; on the table tab
 * the table (the audience table on audience; on views the traffic sources and search terms too); on the chart tab the lines, and on
 * audience the map and pie.
 * @example Object.keys(blocksFor({ ...query, id: 'audience', tab: 'chart' }, viewer)) // ['summary', 'graph', 'map']
 */
export function blocksFor(query: DetailsQuery, viewer: DetailsViewer): Partial<BlockBodies> {
  const blocks: Partial<BlockBodies> = { summary: detailsBody(query, viewer) };
  if (query.tab === 'table') {
    if (query.id === 'audience') blocks.audience = detailsBody(query, viewer);
    else blocks.table = tableBody(query, viewer, DETAILS_PAGE_SIZE);
    if (query.id === 'views') {
      blocks.traffic = detailsBody(query, viewer);
      blocks.searchTerms = detailsBody(query, viewer);
    }
    return blocks;
  }
  blocks.graph = graphBody(query, viewer);
  if (query.id === 'audience') blocks.map = mapBody(query, viewer);
  return blocks;
}

/**
 * Stable text of a block's body: equal keys get equal answers.
 * @example bodyKey(blocksFor(query, viewer).summary) === bodyKey(blocksFor({ ...query, page: 2 }, viewer).summary) // true
 */
export function bodyKey(body: object | undefined): string | null {
  return body ? JSON.stringify(body) : null;
}

/** The details page as the server rendered it: the settled state, the latest data day, and each block's answer. */
export interface DetailsStart {
  query: DetailsQuery;
  maxDate: string | null;
  /** How many channels the account has (none: the page says so instead of empty tables). */
  channelCount: number;
  /** Names of the one chosen channel, title or country, for the pickers' buttons before their lists load. */
  labels: { channel: string | null; title: string | null; country: string | null };
  /** Channels and titles the URL named that this account cannot see (left out of the query). */
  dropped: { channels: number; titles: number };
  answers: DetailsAnswers;
}
