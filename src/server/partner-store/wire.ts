// What crosses between the Worker and a network's store: plain values only (Durable Object RPC clones them).

/** A value a statement binds: what D1 accepts. */
export type StoreValue = string | number | null | ArrayBuffer;

export interface StoreStatement {
  query: string;
  params: StoreValue[];
}

/** One statement's answer: rows as arrays (column names once), and D1's meta fields. */
export interface StoreAnswer {
  columns: string[];
  rows: StoreValue[][];
  meta: {
    duration: number;
    changes: number;
    last_row_id: number;
    rows_read: number;
    rows_written: number;
    size_after: number;
    changed_db: boolean;
  };
}

/**
 * What a store's batch returns: every statement's answer, or the first statement's error (its message,
 * as SQLite gave it) and nothing written. The error comes back as a value, not thrown across RPC: an
 * exception thrown out of a store's transaction leaves the object's SQLite file open after the object
 * is aborted, which the tests' per-test storage (vitest.integration-split.config.ts) cannot undo.
 */
export type StoreReply = { answers: StoreAnswer[] } | { error: string };
