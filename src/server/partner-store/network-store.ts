// One network's partner store (docs/partner-store.md): a SQLite-backed Durable Object addressed by the
// network's id. It holds the product's own schema, so every statement the product sends to the shared D1
// runs unchanged here; the Worker reaches it through objectDb() (object-db.ts), one call per D1 call.
import { DurableObject } from 'cloudflare:workers';
import { MIGRATIONS_TABLE, type StoreMigration } from './migrations';
import type { StoreBookmarks } from './store-history';
import type { StoreAnswer, StoreReply, StoreStatement } from './wire';

/**
 * The class a deploy binds as NETWORK_STORE, given the migrations it applies. A factory rather than a
 * module constant because the product bundles migrations/ through Vite (store-migrations.ts) and the
 * benchmark worker through wrangler's text rule; both get the same class.
 */
export function networkStoreClass(migrations: readonly StoreMigration[]) {
  return class NetworkStore extends DurableObject {
    constructor(ctx: DurableObjectState, env: unknown) {
      super(ctx, env as never);
      // No call is answered on an older schema: the first call after a deploy waits for this.
      void ctx.blockConcurrencyWhile(async () => {
        applyMigrations(ctx.storage, migrations);
      });
    }

    /**
     * Runs statements in order inside one transaction, as D1's batch does: every statement's answer, or
     * the first error and nothing written (wire.ts). A single prepared statement is a batch of one.
     */
    batch(statements: StoreStatement[]): StoreReply {
      const storage = this.ctx.storage;
      try {
        return { answers: storage.transactionSync(() => statements.map((statement) => runStatement(storage.sql, statement))) };
      } catch (error) {
        return { error: error instanceof Error ? error.message : String(error) };
      }
    }

    /** The object's size on disk, for the size benchmark and the admin's view of a network. */
    size(): number {
      return this.ctx.storage.sql.databaseSize;
    }

    /**
     * Bookmarks of this store's history (point-in-time recovery, store-history.ts): now's, then `at`'s
     * (milliseconds) when asked. Now's comes first, so the way back is known before anything is scheduled.
     */
    async bookmarks(at: number | null): Promise<StoreBookmarks> {
      const storage = this.ctx.storage;
      const now = await storage.getCurrentBookmark();
      return { now, at: at === null ? null : await storage.getBookmarkForTime(at) };
    }

    /** Schedules the restore of `bookmark` at the object's next start; answers the bookmark that undoes it. */
    async scheduleRestore(bookmark: string): Promise<string> {
      return await this.ctx.storage.onNextSessionRestoreBookmark(bookmark);
    }

    /** Ends this instance (the call answers with `reason` as its error), so the next call starts the object again. */
    restart(reason: string): void {
      this.ctx.abort(reason);
    }
  };
}

function applyMigrations(storage: DurableObjectStorage, migrations: readonly StoreMigration[]): void {
  const sql = storage.sql;
  sql.exec(`CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (name TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)`);
  const applied = new Set(
    sql
      .exec<{ name: string }>(`SELECT name FROM ${MIGRATIONS_TABLE}`)
      .toArray()
      .map((r) => r.name),
  );
  for (const migration of migrations) {
    if (applied.has(migration.name)) continue;
    // Each migration whole or not at all, recorded in the same transaction.
    storage.transactionSync(() => {
      sql.exec(migration.sql);
      sql.exec(`INSERT INTO ${MIGRATIONS_TABLE} (name, applied_at) VALUES (?, ?)`, migration.name, Date.now());
    });
  }
}

function runStatement(sql: SqlStorage, { query, params }: StoreStatement): StoreAnswer {
  const started = performance.now();
  const cursor = sql.exec(query, ...params);
  const columns = cursor.columnNames;
  const rows = [...cursor.raw()] as StoreAnswer['rows'];
  // D1 reports changes and the last rowid per statement; SQLite's own counters give the same values.
  // A read writes nothing, and changes() would still hold the previous write's count.
  const wrote = cursor.rowsWritten > 0;
  const counters = wrote
    ? sql.exec<{ changes: number; last: number }>('SELECT changes() AS changes, last_insert_rowid() AS last').one()
    : { changes: 0, last: 0 };
  return {
    columns,
    rows,
    meta: {
      duration: performance.now() - started,
      changes: counters.changes,
      last_row_id: counters.last,
      rows_read: cursor.rowsRead,
      rows_written: cursor.rowsWritten,
      size_after: sql.databaseSize,
      changed_db: wrote,
    },
  };
}
