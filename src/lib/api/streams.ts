// The broadcasts call (/api/streams): the live broadcasts on the user's channels, declared once for the
// server, the browser and the tests.

/** One card of the Broadcasts page: a stream on air now. */
export interface StreamCard {
  video_id: string;
  /** The stream's thumbnail; '' when YouTube gave none. */
  preview: string;
  name: string;
  /** The channel's title. */
  channel: string;
  channel_id: string;
  /** Concurrent viewers at the last sync. */
  watching: number;
  /** Actual start, ISO 8601 in UTC. */
  started: string;
  /** Whole minutes on air at the time of the answer. */
  duration: number;
}

/** The answer: the streams on air, newest first (at most MAX_STREAM_CARDS), and how many are on air. */
export interface StreamsAnswer {
  online: number;
  broadcasts: StreamCard[];
}

/** How many cards the page shows before "Show more" (spec section 9). */
export const FIRST_STREAM_CARDS = 4;
/** The most cards one answer carries; `online` still counts every stream on air. */
export const MAX_STREAM_CARDS = 200;

/** The query string the call accepts (`?channels=UC…` repeated); the server's schema must match it. */
export interface StreamsQuery {
  channels?: string[];
}
