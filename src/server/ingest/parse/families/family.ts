// The contract every report family implements: a zod record schema and a compiled row reader.
import type * as z from 'zod';
import type { ColumnIndex } from '../columns';

/**
 * A family of reports sharing one record shape (e.g. channel_basic_a3 and content_owner_basic_a4).
 * `compile` resolves column indexes once per file and returns the per-row reader, which
 * throws a ValueError naming the column when a field is bad.
 */
export interface Family<R> {
  readonly schema: z.ZodType<R>;
  /**
   * Whether parseReport also runs `schema` on every record. The readers already enforce the
   * schema's rules; running zod as well doubled the parse time of 200k-row channel_basic files,
   * so the high-volume daily families skip it (their tests check records against the schema).
   */
  readonly schemaEveryRow: boolean;
  compile(columns: ColumnIndex): (fields: readonly string[]) => R;
  /** The day a record belongs to (for ParsedReport.dates), null for snapshot reports. */
  dayOf(record: R): string | null;
}

/** Reads a column that may be absent from this report version: absent or empty -> null. */
export function optionalColumn<T>(
  index: number,
  read: (raw: string | undefined, column: string) => T,
  column: string,
): (fields: readonly string[]) => T | null {
  if (index < 0) return () => null;
  return (fields) => {
    const raw = fields[index];
    return raw === '' || raw === undefined ? null : read(raw, column);
  };
}

// Plenty for the distinct dates or channels of one file; past it, values are just not cached.
const CACHE_LIMIT = 4096;

/**
 * Remembers results per input: a file has few distinct dates and channel ids, so each is
 * checked once instead of on every row.
 */
export function cached<T>(read: (raw: string | undefined, column: string) => T) {
  const seen = new Map<string, T>();
  return (raw: string | undefined, column: string): T => {
    if (raw !== undefined) {
      const hit = seen.get(raw);
      if (hit !== undefined) return hit;
    }
    const value = read(raw, column);
    if (raw === undefined || seen.size >= CACHE_LIMIT) return value;
    // Kept for the whole file: copies, never the parser's field strings (see detached).
    const kept = typeof value === 'string' ? (detached(value) as T) : value;
    seen.set(detached(raw), kept);
    return kept;
  };
}

/**
 * A copy of a string that holds none of the text it was cut from. A field papaparse hands over is a
 * slice of the whole piece of the file it parsed (about 2 MB), and V8 keeps that piece alive as long
 * as the slice: a channel id first seen in each of a thousand pieces, kept in a cache for the file,
 * held some 210 MB of them in a 1,000-channel day's import.
 */
export function detached(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}

/** A field reader such as values.count: raw text and column name in, typed value out. */
export type Reader<T> = (raw: string | undefined, column: string) => T;

/** Binds optionalColumn to one header: `const opt = optionalReaders(c); opt('red_views', count)`. */
export function optionalReaders(c: ColumnIndex) {
  return <T>(name: string, read: Reader<T>) => optionalColumn(c.index(name), read, name);
}

/**
 * Binds required columns to one header (checkHeader has made sure they are there):
 * `const req = requiredReaders(c); req('views', count)` reads and checks that column of a row.
 */
export function requiredReaders(c: ColumnIndex) {
  return <T>(name: string, read: Reader<T>) => {
    const index = c.index(name);
    return (fields: readonly string[]): T => read(fields[index], name);
  };
}

/** Column readers bound to one file's header, handed to a family's compile step. */
export interface ColumnReaders {
  /** A required column: `req('views', v.count)`. */
  readonly req: ReturnType<typeof requiredReaders>;
  /** A column this report version may lack: `opt('red_views', v.count)` reads null then. */
  readonly opt: ReturnType<typeof optionalReaders>;
}

export function columnReaders(c: ColumnIndex): ColumnReaders {
  return { req: requiredReaders(c), opt: optionalReaders(c) };
}

/**
 * A family of snapshot reports: a file is the state on the day it was made, so rows carry no day.
 * Their files are small, so zod checks every record.
 */
export function snapshotFamily<R>(schema: z.ZodType<R>, compile: (read: ColumnReaders) => (fields: readonly string[]) => R): Family<R> {
  return { schema, schemaEveryRow: true, dayOf: () => null, compile: (c) => compile(columnReaders(c)) };
}
