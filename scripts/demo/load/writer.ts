// Buffers generated rows per table and writes them to D1 in large JSON chunks, parents before children.
import type { TableName } from '../generate/records';
import { TABLE_ORDER, insertSql } from './tables';

/** Rows go to D1 as one JSON text per statement; D1 accepts values up to 2 MB, so stay well below. */
const MAX_CHUNK_BYTES = 1_000_000;
/** Statements per batch (one transaction, one round trip). */
const STATEMENTS_PER_BATCH = 4;

interface Buffer {
  rows: string[];
  bytes: number;
}

/**
 * Streams rows into D1. At most one batch is in flight, so generation continues while D1 writes,
 * and a table's buffer is only written after every table before it in TABLE_ORDER.
 * @example const writer = new TableWriter(db); await writer.add('channels', values); await writer.finish();
 */
export class TableWriter {
  private readonly buffers = new Map<TableName, Buffer>();
  private readonly statements: D1PreparedStatement[] = [];
  private inFlight: Promise<void> | null = null;
  private failure: unknown = null;
  readonly written = new Map<TableName, number>();

  constructor(private readonly db: D1Database) {}

  /** Queues one row; returns a promise only when the caller should wait for D1. */
  add(table: TableName, values: unknown[]): Promise<void> | undefined {
    const buffer = this.buffers.get(table) ?? { rows: [], bytes: 0 };
    const json = JSON.stringify(values);
    buffer.rows.push(json);
    buffer.bytes += json.length + 1;
    this.buffers.set(table, buffer);
    if (buffer.bytes < MAX_CHUNK_BYTES) return undefined;
    this.flushUpTo(table);
    return this.statements.length >= STATEMENTS_PER_BATCH ? this.send() : undefined;
  }

  /** Writes everything still buffered and waits for D1. */
  async finish(): Promise<void> {
    const last = TABLE_ORDER[TABLE_ORDER.length - 1];
    if (last) this.flushUpTo(last);
    await this.send();
    await this.inFlight;
    this.rethrow();
  }

  /** Turns the buffers of `table` and of every table before it into statements, in order. */
  private flushUpTo(table: TableName): void {
    for (const name of TABLE_ORDER) {
      const buffer = this.buffers.get(name);
      if (buffer && buffer.rows.length > 0) {
        this.statements.push(this.db.prepare(insertSql(name)).bind(`[${buffer.rows.join(',')}]`));
        this.written.set(name, (this.written.get(name) ?? 0) + buffer.rows.length);
        this.buffers.delete(name);
      }
      if (name === table) return;
    }
  }

  private async send(): Promise<void> {
    if (this.inFlight) await this.inFlight;
    this.rethrow();
    if (this.statements.length === 0) return;
    const batch = this.statements.splice(0);
    // Keep the failure for the next call instead of leaving a rejected promise unobserved.
    this.inFlight = this.db.batch(batch).then(
      () => undefined,
      (error: unknown) => {
        this.failure = error;
      },
    );
  }

  private rethrow(): void {
    if (this.failure !== null) throw this.failure;
  }
}
