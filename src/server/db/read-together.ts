// Reads asked for together reach D1 as one batch. A public page asks for its blocks at once (Promise.all
// of a dozen reads); each read alone is a round trip to the database, and a local D1 answers one at a
// time, so the reads queued behind each other. Gathered, they are one round trip, and every read of the
// batch sees the same data. Writes and explicit batches pass straight through.

interface Waiting {
  statement: D1PreparedStatement;
  resolve: (result: D1Result) => void;
  reject: (error: unknown) => void;
}

/**
 * A D1Database whose `all()` and `first()` reads, asked for before the event loop turns, are sent as one
 * `batch()`; a batch that fails is retried read by read, so only the failing read's caller sees its error.
 * @example const ctx = { db: readTogether(env.DB), env, now }
 */
export function readTogether(db: D1Database): D1Database {
  let waiting: Waiting[] = [];
  const inner = new WeakMap<object, D1PreparedStatement>();

  const send = async () => {
    const taken = waiting;
    waiting = [];
    try {
      const results = await db.batch(taken.map((w) => w.statement));
      taken.forEach((w, i) => w.resolve(results[i]!));
    } catch {
      for (const w of taken) w.statement.all().then(w.resolve, w.reject);
    }
  };
  const read = (statement: D1PreparedStatement) =>
    new Promise<D1Result>((resolve, reject) => {
      // A timer, not a microtask: reads a block asks for after its first answer join the next batch
      // whole, rather than one by one as their continuations run.
      if (waiting.length === 0) setTimeout(send, 0);
      waiting.push({ statement, resolve, reject });
    });

  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const wrapped = new Proxy(statement, {
      get(target, key) {
        if (key === 'bind') return (...values: unknown[]) => wrap(target.bind(...values));
        if (key === 'all') return () => read(target);
        if (key === 'first') {
          return async (column?: string) => {
            const row = ((await read(target)).results[0] ?? null) as Record<string, unknown> | null;
            return column === undefined ? row : (row?.[column] ?? null);
          };
        }
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    inner.set(wrapped, statement);
    return wrapped;
  };

  return new Proxy(db, {
    get(target, key) {
      if (key === 'prepare') return (query: string) => wrap(target.prepare(query));
      if (key === 'batch') {
        return (statements: D1PreparedStatement[]) => target.batch(statements.map((s) => inner.get(s) ?? s));
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
