// A D1-shaped client over a network's store (network-store.ts), so code written against D1Database runs
// unchanged against an object: every first/all/run/raw is one call, every batch one call and one
// transaction inside the object, as D1's batch is one transaction.
import type { StoreAnswer, StoreReply, StoreStatement, StoreValue } from './wire';

/** What the client needs of the object's stub: its batch method (Durable Object RPC). */
export interface StoreCaller {
  batch(statements: StoreStatement[]): Promise<StoreReply>;
}

/** One call to the store: its answers, or its error thrown here, where D1 would have thrown it. */
async function send(caller: StoreCaller, statements: StoreStatement[]): Promise<StoreAnswer[]> {
  const reply = await caller.batch(statements);
  if ('error' in reply) throw new Error(reply.error);
  return reply.answers;
}

type Row = Record<string, unknown>;

/** D1 binds booleans as 0/1 and refuses undefined; the client does the same before anything is sent. */
function storeValue(value: unknown, index: number): StoreValue {
  if (value === null || typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof ArrayBuffer) return value;
  if (ArrayBuffer.isView(value)) return value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength) as ArrayBuffer;
  throw new TypeError(`D1_TYPE_ERROR: Type '${typeof value}' not supported for value of parameter ${index + 1}`);
}

function rowsOf(answer: StoreAnswer): Row[] {
  return answer.rows.map((values) => Object.fromEntries(answer.columns.map((name, i) => [name, values[i]])));
}

function resultOf<T>(answer: StoreAnswer): D1Result<T> {
  return { success: true, results: rowsOf(answer) as T[], meta: { ...answer.meta, served_by: 'network-store' } } as D1Result<T>;
}

class ObjectStatement {
  constructor(
    readonly db: ObjectDatabase,
    readonly query: string,
    readonly params: StoreValue[] = [],
  ) {}

  bind(...values: unknown[]): ObjectStatement {
    return new ObjectStatement(this.db, this.query, values.map(storeValue));
  }

  wire(): StoreStatement {
    return { query: this.query, params: this.params };
  }

  private async answer(): Promise<StoreAnswer> {
    const [answer] = await send(this.db.caller, [this.wire()]);
    if (!answer) throw new Error('network store answered no result for one statement');
    return answer;
  }

  async first<T = Row>(column?: string): Promise<T | null> {
    const [row] = rowsOf(await this.answer());
    if (!row) return null;
    if (column === undefined) return row as T;
    if (!(column in row)) throw new Error(`D1_COLUMN_NOTFOUND: Column not found (${column})`);
    return row[column] as T;
  }

  async all<T = Row>(): Promise<D1Result<T>> {
    return resultOf<T>(await this.answer());
  }

  async run<T = Row>(): Promise<D1Result<T>> {
    return resultOf<T>(await this.answer());
  }

  async raw<T = unknown[]>(options?: { columnNames?: boolean }): Promise<T[]> {
    const answer = await this.answer();
    const rows = answer.rows as T[];
    return options?.columnNames ? [answer.columns as T, ...rows] : rows;
  }
}

class ObjectDatabase {
  constructor(readonly caller: StoreCaller) {}

  prepare(query: string): ObjectStatement {
    return new ObjectStatement(this, query);
  }

  async batch<T = Row>(statements: ObjectStatement[]): Promise<D1Result<T>[]> {
    for (const statement of statements) {
      if (!(statement instanceof ObjectStatement) || statement.db !== this) {
        throw new TypeError('batch() takes statements prepared on the same network store');
      }
    }
    if (statements.length === 0) return [];
    const answers = await send(
      this.caller,
      statements.map((s) => s.wire()),
    );
    return answers.map((answer) => resultOf<T>(answer));
  }

  /** Several statements in one string (D1's exec): run as one, nothing bound. */
  async exec(query: string): Promise<D1ExecResult> {
    const started = performance.now();
    await send(this.caller, [{ query, params: [] }]);
    return { count: 1, duration: performance.now() - started };
  }

  withSession(): this {
    return this;
  }
}

/**
 * The D1Database over a network's store. Code that holds it cannot tell it from a D1 binding except by
 * what D1 alone offers (dump, read replicas: a store has neither).
 * @example const db = objectDb(env.NETWORK_STORE.get(env.NETWORK_STORE.idFromName('network-7')))
 */
export function objectDb(caller: StoreCaller): D1Database {
  // The class implements the part of D1Database the product uses; the cast names that contract.
  return new ObjectDatabase(caller) as unknown as D1Database;
}
