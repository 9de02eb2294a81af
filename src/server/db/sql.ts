// The one shape of SQL in server code: a Fragment (text with positional `?`s and their values, in order)
// and the few helpers that compose fragments, so no module hand-counts placeholders.

/**
 * A list bound as JSON text, read in SQL with `json_each(?)`. An object, not its text, so that a
 * database handle can tell this list from any other value by identity (a fan-out binds each network
 * store its own part of a scope's channels, stats/stores.ts).
 */
export class JsonList {
  constructor(readonly values: readonly (string | number)[]) {}

  toJSON(): readonly (string | number)[] {
    return this.values;
  }
}

/** A value a statement binds: what D1 binds, or a list bound as its JSON text. */
export type SqlValue = string | number | boolean | null | JsonList;

/** The value as D1 binds it. */
export function bindable(value: SqlValue): string | number | boolean | null {
  return value instanceof JsonList ? JSON.stringify(value.values) : value;
}

/** A piece of SQL and the values of its `?`s, in order. Compose with `sql`, `join` and `and`. */
export interface Fragment {
  readonly sql: string;
  readonly params: readonly SqlValue[];
}

/**
 * SQL text whose interpolations are bound values, or fragments spliced in with their own values.
 * Identifiers never come through here: pass whitelisted names with `raw`.
 * @example sql`SELECT id FROM users WHERE email = ${email} AND ${raw(column)} = ${value}`
 */
export function sql(strings: TemplateStringsArray, ...values: readonly (SqlValue | Fragment)[]): Fragment {
  let text = strings[0] ?? '';
  const params: SqlValue[] = [];
  values.forEach((value, i) => {
    if (isFragment(value)) {
      text += value.sql;
      params.push(...value.params);
    } else {
      text += '?';
      params.push(value);
    }
    text += strings[i + 1] ?? '';
  });
  return { sql: text, params };
}

/**
 * Text with no values: a whitelisted identifier, a constant expression, or a statement already
 * written with its `?`s (then give its values, in order).
 * @example raw(`c.${column}`); raw('SELECT email FROM users WHERE id = ?', userId)
 */
export function raw(text: string, ...params: readonly SqlValue[]): Fragment {
  return { sql: text, params };
}

/** Fragments one after another with a separator between them (none gives empty SQL). */
export function join(parts: readonly Fragment[], separator: string): Fragment {
  return { sql: parts.map((p) => p.sql).join(separator), params: parts.flatMap((p) => p.params) };
}

/** Conditions ANDed; no condition is `1` (true), so the result always fits after WHERE. */
export function and(conditions: readonly Fragment[]): Fragment {
  return conditions.length === 0 ? raw('1') : join(conditions, ' AND ');
}

function isFragment(value: SqlValue | Fragment): value is Fragment {
  return typeof value === 'object' && value !== null && !(value instanceof JsonList);
}
