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
