// The details page's blocks (summary, table, audience table, chart lines, map and pie): one fetcher
// store each. A change loads only the blocks whose call body changed, aborting their calls in flight.
import { atom, type WritableAtom } from 'nanostores';
import { apiPost, errorMessage, leaveIfSignedOut } from '../client/api';
import type { PostAnswer, PostBody, PostPath, Sendable } from '../lib/api/calls';
import { blocksFor, bodyKey, BLOCK_PATHS, type DetailsBlock, type DetailsStart } from '../lib/details/start';
import type { DetailsQuery } from '../lib/details/query';
import { $details, $detailsUser, startDetails, type DetailsUser } from './details';

/** A block's state: its answer, or the message of its failed call. */
export interface Block<T> {
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  data: T | null;
  error?: string;
}

type AnswerOf<B extends DetailsBlock> = PostAnswer<(typeof BLOCK_PATHS)[B]>;
const IDLE = { status: 'idle', data: null } as const;
const blockStore = <B extends DetailsBlock>() => atom<Block<AnswerOf<B>>>(IDLE);

export const DETAIL_BLOCKS = {
  summary: blockStore<'summary'>(),
  table: blockStore<'table'>(),
  audience: blockStore<'audience'>(),
  graph: blockStore<'graph'>(),
  map: blockStore<'map'>(),
  traffic: blockStore<'traffic'>(),
  searchTerms: blockStore<'searchTerms'>(),
};
export const BLOCK_NAMES = Object.keys(DETAIL_BLOCKS) as DetailsBlock[];

/** Per block: the body its answer (or call in flight) is for, and that call's controller. */
const loadedFor = new Map<DetailsBlock, string>();
const controllers = new Map<DetailsBlock, AbortController>();

async function load<P extends PostPath>(
  store: WritableAtom<Block<PostAnswer<P>>>,
  path: P,
  body: Sendable<PostBody<P>>,
  signal: AbortSignal,
) {
  // The old answer stays on screen under the loading overlay until the new one arrives.
  store.set({ status: 'loading', data: store.get().data });
  try {
    const data = await apiPost(path, body, signal);
    if (!signal.aborted) store.set({ status: 'loaded', data });
  } catch (error) {
    if (signal.aborted || leaveIfSignedOut(error)) return;
    store.set({ status: 'failed', data: null, error: errorMessage(error) });
  }
}

function loadBlock(block: DetailsBlock, body: object): void {
  controllers.get(block)?.abort();
  const controller = new AbortController();
  controllers.set(block, controller);
  loadedFor.set(block, bodyKey(body) as string);
  const store = DETAIL_BLOCKS[block] as WritableAtom<Block<unknown>>;
  void load(store as never, BLOCK_PATHS[block], body as never, controller.signal);
}

/** Loads every block the query shows whose body differs from the one its answer is for. */
function refresh(query: DetailsQuery): void {
  const blocks = blocksFor(query, $detailsUser.get());
  // Independent calls: started together so the slowest one sets the wait, not their sum.
  for (const block of BLOCK_NAMES) {
    const body = blocks[block];
    if (!body) {
      // A block off screen keeps its answer for when it comes back, but not its call in flight.
      if (DETAIL_BLOCKS[block].get().status === 'loading') {
        controllers.get(block)?.abort();
        loadedFor.delete(block);
        DETAIL_BLOCKS[block].set(IDLE);
      }
      continue;
    }
    if (loadedFor.get(block) !== bodyKey(body)) loadBlock(block, body);
  }
}

$details.listen((query) => {
  if (query) refresh(query);
});

/** Before the island's first render: the blocks hold the server's answers, then the query is set. */
export function startBlocks(start: DetailsStart, user: DetailsUser): void {
  const blocks = blocksFor(start.query, user);
  for (const block of BLOCK_NAMES) {
    const answer = start.answers[block];
    (DETAIL_BLOCKS[block] as WritableAtom<Block<unknown>>).set(answer);
    if (answer.status === 'loaded') loadedFor.set(block, bodyKey(blocks[block]) as string);
  }
  startDetails(start, user);
}

/** After hydration: the blocks the server could not answer ask the API (which reports a failure in the block). */
export function loadUnansweredBlocks(): void {
  const query = $details.get();
  if (query) refresh(query);
}
